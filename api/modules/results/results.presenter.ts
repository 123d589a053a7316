import { DEFAULT_WEIGHTS } from '../../../scoring/index';
import type { DatafileRow, DatapointRow } from '../uploads';
import { presentDatapoint, presentMetadata } from '../datafiles';
import type { ResultFile } from './results.service';

const ALGORITHMS = ['TS', 'IBS', 'OES', 'PS', 'CS', 'IS', 'SDS'] as const;
/** Names of the combined score's weights as the spec lists datafileWeighting entries. */
const WEIGHT_NAMES: Record<string, string> = {
  oes: 'Open-ended score',
  ts: 'Time-Score',
  ibs: 'Item battery score',
  ps: 'Prediction score',
  cs: 'Consensus score',
  con: 'Consistency score',
  bas: 'Behaviour score',
  cap: 'Weakest-link cap',
};

/** The stored weighting, or the scoring core's defaults (DEFAULT_WEIGHTS) with every projective question applied. */
export function presentWeighting(
  file: DatafileRow,
  points: readonly Pick<DatapointRow, 'dataPointType' | 'dataPointIdentifier' | 'algorithms'>[],
) {
  if (file.weightingMethod) return file.weightingMethod;
  return {
    datafileWeighting: Object.entries(DEFAULT_WEIGHTS).map(([key, value]) => ({
      key,
      value,
      name: WEIGHT_NAMES[key] ?? key,
    })),
    projectiveQuestionsWeighting: points
      .filter((p) => p.dataPointType === 'PROJECTIVE')
      .map((p) => ({
        dataPointIdentifier: p.dataPointIdentifier,
        algorithms: ALGORITHMS.filter((a) => p.algorithms[a]),
        apply: true,
      })),
  };
}

/** Algorithms any data point of the revision feeds, in the spec's order. */
export function algorithmsOf(points: readonly Pick<DatapointRow, 'algorithms'>[]): string[] {
  return ALGORITHMS.filter((a) => points.some((p) => p.algorithms[a]));
}

export function presentDatafile(r: ResultFile) {
  const f = r.file;
  return {
    id: f.id,
    title: f.title,
    status: f.status,
    importType: f.importType,
    isLiveCleaning: f.isLiveCleaning,
    isWeighted: f.isWeighted,
    includeTimestamp: f.includeTimestamp,
    includeItemBattery: f.includeItemBattery,
    includeCS: f.includeCS,
    includePS: f.includePS,
    includeOES: f.includeOES,
    certificateLevel: f.certificateLevel,
    integration: f.integration,
    metadata: {
      dataRecordIdColumn: f.metadata.dataRecordIdColumn ?? null,
      headerRow: f.metadata.headerRow ?? null,
      dataRecordStartRow: f.metadata.dataRecordStartRow ?? null,
      missingValues: f.metadata.missingValues ?? [],
      sheetName: f.metadata.sheetName ?? null,
      sourceFormat: f.metadata.sourceFormat ?? null,
    },
    cleaningSettings: f.cleaningSettings,
    weightingMethod: presentWeighting(f, r.points),
    cleaningMethod: f.cleaningMethod,
    numberOfRecords: f.numberOfRecords,
    numberOfCleanedRecords: f.numberOfCleanedRecords,
    isCleaned: f.isCleaned,
    markThreshold: f.markThreshold,
    meanCombinedScore: f.meanCombinedScore,
    cost: f.cost,
    owner: { id: f.ownerId, name: r.names.get(f.ownerId) ?? '' },
    uploadedBy:
      r.upload && r.uploaderId
        ? { id: r.uploaderId, name: r.names.get(r.uploaderId) ?? '', date: r.upload.finishedAt ?? r.upload.createdAt }
        : null,
    createdDate: f.createdAt,
    isDeleted: f.isDeleted,
    company: r.company,
    revision: f.revision,
    scoringVersion: f.scoringVersion,
    qualityScores: f.qualityScores,
    dataPoints: r.points.map(presentDatapoint),
    scoreColumns: r.manifest?.files.scores.columns ?? [],
    rawColumns: r.manifest?.files.raw.columns ?? [],
    coherence: r.manifest?.coherence ?? null,
  };
}

/**
 * Datafile metadata of the whole revision or of its cleaned set. Cleaning stores how many records it
 * kept, not how many of them have a valid combined score (a record without one is never removed by
 * the combined-score rule), so the cleaned view changes the record count and keeps the revision's
 * valid/invalid split (said in the schema).
 */
export function presentResultMetadata(file: DatafileRow, createdByName: string, isCleaned: boolean) {
  const all = presentMetadata(file, createdByName);
  return isCleaned ? { ...all, numberOfRecords: file.numberOfCleanedRecords } : all;
}
