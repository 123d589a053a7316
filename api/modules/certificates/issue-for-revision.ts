// Issuing from the stored data: the caller (saving a cleaning, publishing a report) names the
// revision and the saved cleaning; the kept ids, counts and level come from re-running that cleaning
// over the revision's scores with this process's facade, never from numbers a client sent.
import { SCORE_KINDS, type CleaningInput, type Scoring } from '../../../scoring/index';
import { cleanRevision, duplicateRowsOf, groupingOf, numericColumns, quotaFor, recordIdsOf } from '../cleaning';
import type { UploadBlobStore } from '../../ingest';
import { readRevisionColumns } from '../../ingest/index';
import { recordIdColumnOf } from '../exports';
import type { ExportCleaning } from '../exports';
import { issueCertificate, type CertificateDeps, type CertificateVerification } from './certificates.service';

export type IssueForRevisionDeps = CertificateDeps & {
  blobs: UploadBlobStore;
  scoring: Pick<Scoring, 'cleaningSession' | 'certificate' | 'version'>;
};

/** The score kinds a revision has (SCORE_KINDS bits): those with at least one score. */
function kindsOf(column: (name: string) => Float64Array | undefined): number {
  let kinds = 0;
  for (const [name, bit] of Object.entries(SCORE_KINDS)) {
    const values = column(name);
    if (values?.some((v) => v === v)) kinds |= bit;
  }
  return kinds;
}

export async function issueCertificateForRevision(
  deps: IssueForRevisionDeps,
  input: { datafileId: string; revision: number; cleaning: ExportCleaning; issuedBy?: string | null },
): Promise<CertificateVerification> {
  const scores = await readRevisionColumns(deps.blobs, input.datafileId, input.revision, 'scores');
  const raw = await readRevisionColumns(deps.blobs, input.datafileId, input.revision, 'raw');
  const idColumn = recordIdColumnOf(raw);
  const ids = idColumn
    ? Array.from(raw.getChild(idColumn)!.toArray() as ArrayLike<unknown>, (v) => (v == null ? null : String(v)))
    : recordIdsOf(scores);
  const extras: Pick<CleaningInput, 'manual' | 'quota' | 'duplicate'> = {};
  const manual = input.cleaning.manual ?? {};
  const duplicate = duplicateRowsOf(input.cleaning.duplicates, ids, scores);
  if (duplicate) extras.duplicate = duplicate;
  if (Object.keys(manual).length > 0)
    extras.manual = Float64Array.from(ids, (id) => (id !== null ? (manual[id] ?? 0) : 0));
  if (input.cleaning.quota)
    extras.quota = quotaFor(groupingOf(raw, input.cleaning.quota.column), input.cleaning.quota.targets);
  const result = cleanRevision(deps.scoring, scores, input.cleaning.rules, extras);
  const column = numericColumns(scores);
  const combined = column('combined') ?? new Float64Array(scores.numRows).fill(Number.NaN);
  const certificate = deps.scoring.certificate(combined, result.kept, kindsOf(column));
  const kept = ids.filter((id, i): id is string => id !== null && result.kept[i] === 1);
  return issueCertificate(deps, {
    datafileId: input.datafileId,
    revision: input.revision,
    scoringVersion: deps.scoring.version,
    rules: input.cleaning.rules,
    manualDecisions: Object.keys(manual).length,
    quota: input.cleaning.quota ?? null,
    level: certificate.level,
    recordsBefore: scores.numRows,
    keptRecordIds: kept,
    issuedBy: input.issuedBy ?? null,
  });
}
