// A READY datafile with one published revision of the demo survey, built without the upload steps:
// the datafile row, its upload row with the `region` column as a GROUPING data point, and the
// revision processed from the survey's CSV (for tests of what is done with a revision's scores).
import { eq } from 'drizzle-orm';
import { processUpload } from '../../api/ingest/index';
import { generateDemoSurvey, surveyCsvBytes } from '../../api/demo/index';
import { datafileDatapoints, datafileUploads, datafiles } from '../../db/schema';
import type { TestApp } from './test-app';

export async function publishedDemoDatafile(
  t: TestApp,
  o: { companyId: string; ownerId: string; title: string; rows: number; seed: number },
) {
  const datafileId = crypto.randomUUID();
  const uploadId = crypto.randomUUID();
  const sourceKey = `uploads/${datafileId}.csv`;
  const now = t.clock.now().toISOString();
  await t.db.insert(datafiles).values({
    id: datafileId,
    companyId: o.companyId,
    ownerId: o.ownerId,
    title: o.title,
    importType: 'MANUAL',
    status: 'READY',
    revision: 1,
    numberOfRecords: o.rows,
    createdAt: now,
  });
  await t.db.insert(datafileUploads).values({
    id: uploadId,
    datafileId,
    kind: 'UPLOAD',
    status: 'READY',
    sourceKey,
    sourceFormat: 'csv',
    sourceFileName: `${o.title}.csv`,
    sourceBytes: 1,
    headerRow: 1,
    firstDataRow: 2,
    missingValues: [],
    createdBy: o.ownerId,
    createdAt: now,
  });
  await t.db.insert(datafileDatapoints).values({
    uploadId,
    position: 0,
    dataPointIdentifier: 'region',
    dataPointType: 'GROUPING',
    algorithms: { IS: false, PS: false, SDS: false, TS: false, IBS: false, CS: false, OES: false },
    columns: ['region'],
  });
  await t.db.update(datafiles).set({ publishedUploadId: uploadId }).where(eq(datafiles.id, datafileId));
  const survey = generateDemoSurvey({ rows: o.rows, seed: o.seed, openQuestions: 1 });
  await t.deps.blobs.put(sourceKey, await surveyCsvBytes(survey));
  const mapping = {
    dataPoints: [
      ...survey.mapping.dataPoints.filter((dp) => !('column' in dp && dp.column === 'region')),
      { type: 'GROUPING' as const, column: 'region' },
    ],
  };
  await processUpload({
    blobs: t.deps.blobs,
    scoring: t.deps.scoring,
    source: { key: sourceKey, format: 'csv' },
    options: {},
    mapping: mapping as never,
    datafileId,
    revision: 1,
  });
  return { datafileId, uploadId, sourceKey, mapping };
}
