// Defining a live import (steps 1 and 2) and its integration (key, secret, snippets' endpoint).
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { writeTransaction } from '../../../db/write-transaction';
import { insertDatafile, insertUpload, replaceDatapoints, updateDatafile } from '../uploads';
import { requireDatafile } from '../datafiles';
import {
  datapointRowsOfPages,
  validateName,
  validatePages,
  validateSurveySoftware,
  type LivePage,
} from './live-config';
import { forgetLiveDatafile, pagesOf } from './live.service';
import { countRespondents, insertSettings } from './live.repo';
import { newBrowserKey } from './live-keys';
import { newSettings, settingsView, type CeilingInput } from './live-settings.service';

export type LiveDatafileInput = { name: string; surveySoftware: string; pages: Partial<LivePage>[] } & CeilingInput;

/**
 * Creates the live datafile with its data points (datafile_datapoints under a datafile_uploads row
 * standing for the definition, so result pages find them as for an upload) as a DRAFT datafile:
 * its key and secret exist, test respondents are answered, real ones refused
 * until openLiveDatafile. Nothing is charged until respondents arrive.
 */
export async function createLiveDatafile(
  deps: Pick<Deps, 'clock' | 'db' | 'appSecret'>,
  viewer: Viewer,
  input: LiveDatafileInput,
): Promise<string> {
  if (!viewer.companyId) throw new AppError('UNAUTHORIZED');
  const title = validateName(input.name);
  const integration = validateSurveySoftware(input.surveySoftware);
  const pages = validatePages(input.pages);
  const id = crypto.randomUUID();
  const settings = newSettings(deps.appSecret, id, pages, input);
  const uploadId = crypto.randomUUID();
  const now = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    await insertDatafile(tx, {
      id,
      companyId: viewer.companyId!,
      ownerId: viewer.userId,
      title,
      importType: 'LIVE',
      status: 'DRAFT',
      integration,
      secretKey: newBrowserKey(),
      createdAt: now,
      isEnableWrongTopicCheck: pages.some((p) => p.contextCheck),
    });
    await insertUpload(tx, {
      id: uploadId,
      datafileId: id,
      kind: 'UPLOAD',
      status: 'READY',
      sourceKey: `live/${viewer.companyId}/${id}/definition`,
      sourceFormat: 'csv',
      sourceFileName: title,
      sourceBytes: 0,
      headerRow: 1,
      firstDataRow: 2,
      missingValues: ['-999'],
      createdBy: viewer.userId,
      createdAt: now,
      confirmedBy: viewer.userId,
      confirmedAt: now,
    });
    await replaceDatapoints(tx, uploadId, datapointRowsOfPages(pages));
    await insertSettings(tx, { ...settings, updatedAt: now });
    await updateDatafile(tx, id, {
      publishedUploadId: uploadId,
      numberOfDatapoints: pages.length,
      includeTimestamp: true,
      includeOES: pages.some((p) => p.criterion === 'OES'),
      includeItemBattery: pages.some((p) => p.criterion === 'IBS'),
    });
  });
  return id;
}

async function requireLive(deps: Pick<Deps, 'db'>, viewer: Viewer, datafileId: string, mode: 'see' | 'upload') {
  const file = await requireDatafile(deps.db, viewer, datafileId, mode);
  if (file.importType !== 'LIVE')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'LIVE_NOT_A_LIVE_DATAFILE' });
  return file;
}

/**
 * What the snippet screen shows: key (the datafile id in the URL), the browser key, the server key,
 * endpoint, pages, limits and counts. Owners, ADMINs, operators only.
 */
export async function liveIntegration(deps: Deps, viewer: Viewer, datafileId: string) {
  const file = await requireLive(deps, viewer, datafileId, 'upload');
  const pages = file.publishedUploadId ? await pagesOf(deps, file.id, file.publishedUploadId) : [];
  const { limits, serverKey } = await settingsView(deps, file.id);
  return {
    serverKey,
    limits,
    datafileId: file.id,
    name: file.title,
    surveySoftware: file.integration,
    status: file.status,
    secretKey: file.secretKey ?? '',
    endpoint: `${deps.env.publicUrl}/api/live/${file.id}/respondents`,
    pages,
    numberOfRespondents: await countRespondents(deps.db, file.id),
    cost: file.cost,
  };
}

/** A new browser key; the old one stops working at once (a leaked snippet), the server key is untouched. */
export async function regenerateLiveSecret(deps: Deps, viewer: Viewer, datafileId: string): Promise<string> {
  await requireLive(deps, viewer, datafileId, 'upload');
  const secret = newBrowserKey();
  await updateDatafile(deps.db, datafileId, { secretKey: secret, updatedAt: deps.clock.now().toISOString() });
  forgetLiveDatafile(deps, datafileId);
  return secret;
}

/**
 * Starts receiving: DRAFT -> READY. Idempotent for a READY one (a double click, two tabs); a
 * STOPPED one is reopened by reOpenLiveDatafile (datafiles module), not here.
 */
export async function openLiveDatafile(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  datafileId: string,
): Promise<string> {
  const file = await requireLive(deps, viewer, datafileId, 'upload');
  if (file.status === 'READY') return file.status;
  if (file.status !== 'DRAFT')
    throw new AppError('INVALID_PARAMETERS', { field: 'datafileId', reason: 'LIVE_NOT_A_DRAFT' });
  await updateDatafile(deps.db, datafileId, { status: 'READY', updatedAt: deps.clock.now().toISOString() });
  return 'READY';
}
