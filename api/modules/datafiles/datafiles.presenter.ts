import type { DatafileListRow, PersonRow } from './datafiles-list.repo';
import type { datafileDatapoints } from '../../../db/schema';
import type { DatafileRow } from './datafiles.repo';

type DatapointRow = typeof datafileDatapoints.$inferSelect;

/** A data point as the spec's datapointsMetadata entry, with its type's settings. */
export function presentDatapoint(row: Omit<DatapointRow, 'uploadId' | 'position'>) {
  const s = row.settings;
  return {
    dataPointIdentifier: row.dataPointIdentifier,
    dataPointType: row.dataPointType,
    isRowNumber: s.rowNumber === true,
    questionTitle: row.questionTitle,
    isEnableCopyPasteCheck: row.isEnableCopyPasteCheck,
    startingQuestion: row.startingQuestion,
    algorithms: row.algorithms,
    pageNumber: row.pageNumber,
    pageTitle: row.pageTitle,
    columns: row.columns,
    role: s.role ?? null,
    unit: s.unit ?? null,
    dateOrder: s.dateOrder ?? null,
    scaleMin: s.min ?? null,
    scaleMax: s.max ?? null,
    isRandomised: s.randomised ?? null,
    keywords: s.keywords ?? null,
    languages: s.languages ?? null,
    isEnableDuplicateCheck: s.duplicateCheck ?? null,
    isEnableWrongTopicCheck: s.topicCheck ?? null,
    numberOfOptions: s.options ?? null,
    openEndedColumn: s.question ?? null,
  };
}

/** Datafile metadata of the published revision. */
export function presentMetadata(file: DatafileRow, createdByName: string) {
  return {
    numberOfRecords: file.numberOfRecords,
    numberOfValidRecords: file.numberOfValidRecords,
    numberOfInvalidRecords: file.numberOfInvalidRecords,
    numberOfDatapoints: file.numberOfDatapoints,
    numberOfProjectiveQuestions: file.numberOfProjectiveQuestions,
    numberOfQualityScores: file.numberOfQualityScores,
    qualityScores: file.qualityScores,
    dateOfCreation: file.createdAt,
    cost: file.cost,
    createdBy: { id: file.ownerId, name: createdByName },
    title: file.title,
    isWeighted: file.isWeighted,
    isCleaned: file.isCleaned,
    missingValues: file.metadata.missingValues ?? [],
    isEnableWrongTopicCheck: file.isEnableWrongTopicCheck,
    revision: file.revision,
    scoringVersion: file.scoringVersion,
  };
}

/** Record summary: cleaning later moves records from included to excluded. */
export function presentRecordSummary(file: DatafileRow) {
  return {
    totalNumberOfDataRecords: file.numberOfRecords,
    numberOfDataRecordsWithValidScore: file.numberOfValidRecords,
    numberOfDataRecordsWithInvalidScore: file.numberOfInvalidRecords,
    numberOfExcludedDataRecords: file.numberOfExcludedRecords,
    numberOfIncludedDataRecords: file.numberOfRecords - file.numberOfExcludedRecords,
  };
}

/** A user as a contributor: id, name, image, email, accessLevel. */
export function presentPerson(p: PersonRow) {
  return {
    id: p.id,
    name: { first: p.firstName, last: p.lastName },
    image: p.image,
    email: p.email,
    accessLevel: p.accessLevel,
  };
}

/** A row of the datafiles list. */
export function presentListEntry(
  r: DatafileListRow & { owner: PersonRow; contributors: PersonRow[]; canManage: boolean },
) {
  return {
    id: r.id,
    title: r.title,
    importType: r.importType,
    status: r.status,
    progress: r.progress,
    isUpdating: r.latestUpload === 'UPDATE:PROCESSING',
    numberOfRecords: r.numberOfRecords,
    numberOfCleanedRecords: r.numberOfCleanedRecords,
    isCleaned: r.isCleaned,
    meanCombinedScore: r.meanCombinedScore,
    certificateLevel: r.certificateLevel,
    createdDate: r.createdAt,
    owner: presentPerson(r.owner),
    contributors: r.contributors.map(presentPerson),
    company: { id: r.companyId, name: r.companyName, image: r.companyImage },
    canManage: r.canManage,
  };
}
