// A revision prepared while step 3 is shown. The check of step 2 -> 3 ('upload.check') reads the file
// as processing does (processUpload, `checkAndPrepare`): once the parse has validated the data points
// it reports the check and its estimate, then goes on processing exactly as the upload job would,
// into a folder of its own inside the revision's prefix, and leaves what the upload job needs next
// to it: the summary, each new record's credits and a fingerprint of everything the result depends on.
// The confirmation then only has to check the fingerprint, charge and publish (copy the manifest to
// the revision's own): the user waits for that, not for the parse, the classifier and the scoring.
// Nothing here is visible before that copy: readers start at the revision's manifest.
import { createHash } from 'node:crypto';
import { revisionPrefix, type UploadBlobStore } from '../blob';
import { MANIFEST_FILE } from '../columnar/layout';
import { estimateOf, sourceOf, type CheckUploadResult } from './check';
import { processUpload, type ProcessedUpload, type ProcessUploadInput } from './process';

/**
 * The check job's progress while it prepares: the check's 0..CHECKED_AT for the parse, then the
 * rest of processing in CHECKED_AT..100. Step 3 shows the first part as the check's progress; an
 * adopted prepare's upload shows the whole.
 */
export const CHECKED_AT = 90;

export const PREPARED_FILE = 'prepared.json';
export const PREPARED_CREDITS_FILE = 'credits.bin';

/** The folder of the revision prepared by one job (inside the revision's prefix). */
export const preparedFolder = (jobId: string): string => {
  if (!/^[A-Za-z0-9_-]+$/.test(jobId)) throw new Error('uploads: job id must be a generated id');
  return `prepared-${jobId}/`;
};

/** What the result of processing depends on: a prepared revision is used only when all of it is unchanged. */
export type PreparedInputs = Pick<
  ProcessUploadInput,
  'datafileId' | 'revision' | 'source' | 'options' | 'mapping' | 'previous'
> & { scoringVersion: string };

/** SHA-256 of the inputs in a fixed key order (the mapping as saved: its order is the data points' order). */
export function preparedFingerprint(p: PreparedInputs): string {
  const canonical = JSON.stringify([
    p.datafileId,
    p.revision,
    p.source.key,
    p.source.format,
    Object.entries(p.options)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
    p.mapping,
    p.previous ? [p.previous.revision, p.previous.columns] : null,
    p.scoringVersion,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

type PreparedFile = { fingerprint: string; summary: Omit<ProcessedUpload, 'interviewCredits'> };

/** Processes into `folder` and leaves the credits, then the summary with the fingerprint (the last object: its presence means done). */
export async function prepareUpload(input: ProcessUploadInput & { folder: string }): Promise<ProcessedUpload> {
  const processed = await processUpload(input);
  const prefix = revisionPrefix(input.datafileId, input.revision) + input.folder;
  try {
    const { interviewCredits, ...summary } = processed;
    const fingerprint = preparedFingerprint({ ...input, scoringVersion: input.scoring.version });
    await input.blobs.put(prefix + PREPARED_CREDITS_FILE, interviewCredits, {
      contentType: 'application/octet-stream',
    });
    const file: PreparedFile = { fingerprint, summary };
    await input.blobs.put(prefix + PREPARED_FILE, new TextEncoder().encode(JSON.stringify(file)), {
      contentType: 'application/json',
    });
    return processed;
  } catch (error) {
    await input.blobs.deletePrefix(prefix).catch(() => undefined);
    throw error;
  }
}

/** The prepared revision in `folder`, when it is complete and was made from exactly `inputs`; else null. */
export async function readPrepared(
  blobs: UploadBlobStore,
  folder: string,
  inputs: PreparedInputs,
): Promise<ProcessedUpload | null> {
  const prefix = revisionPrefix(inputs.datafileId, inputs.revision) + folder;
  const bytes = await blobs.getBytes(prefix + PREPARED_FILE);
  if (!bytes) return null;
  const file = JSON.parse(new TextDecoder().decode(bytes)) as PreparedFile;
  if (file.fingerprint !== preparedFingerprint(inputs)) return null;
  const credits = await blobs.getBytes(prefix + PREPARED_CREDITS_FILE);
  if (!credits || credits.length !== file.summary.credits.newRecords) return null;
  if (!(await blobs.stat(prefix + MANIFEST_FILE))) return null;
  return { ...file.summary, interviewCredits: credits };
}

/** Publishes a prepared revision: its manifest (which names the folder's files) becomes the revision's. */
export async function publishPrepared(
  blobs: UploadBlobStore,
  datafileId: string,
  revision: number,
  folder: string,
): Promise<void> {
  const prefix = revisionPrefix(datafileId, revision);
  const manifest = await blobs.getBytes(prefix + folder + MANIFEST_FILE);
  if (!manifest) throw new Error(`uploads: prepared revision ${prefix}${folder} has no manifest`);
  await blobs.put(prefix + MANIFEST_FILE, manifest, { contentType: 'application/json' });
}

/**
 * Step 2 -> 3's check and the prepare in one read of the file. `onChecked` gets the check as soon as
 * the parse has validated the data points (the issues, or the estimate), while the classifier's
 * thread finishes and the revision is scored and written into `folder`. `prepared` is false when the
 * check found issues or processing failed after it: the check stands, the upload job processes the
 * file itself at the confirmation. A refusal of the file itself, before the check, is thrown.
 */
export async function checkAndPrepare(
  input: ProcessUploadInput & { folder: string },
  onChecked: (check: CheckUploadResult) => Promise<void>,
): Promise<{ check: CheckUploadResult; prepared: boolean; failure?: string }> {
  let check: CheckUploadResult | undefined;
  try {
    await prepareUpload({
      ...input,
      onParsed: async ({ header, issues, inputs }) => {
        check = {
          source: sourceOf(header),
          issues: [...issues],
          ...(issues.length === 0 && inputs ? { estimate: await estimateOf(input, inputs) } : {}),
        };
        await onChecked(check);
      },
    });
    return { check: check!, prepared: true };
  } catch (error) {
    if (!check) throw error;
    return {
      check,
      prepared: false,
      ...(check.issues.length
        ? {}
        : { failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    };
  }
}
