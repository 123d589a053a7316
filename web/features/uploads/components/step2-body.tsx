import { Alert, Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, type Dispatch, type SetStateAction } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useCreateDraftDatafile } from '../api/use-create-draft-datafile';
import type { DraftedDatafile } from '../api/use-get-drafted-datafile';
import type { UploadPreview } from '../api/use-get-upload-preview';
import {
  mergeGrids,
  moveColumn,
  moveToGroup,
  rowNumberAsId,
  setColumnType,
  updatePoint,
  usesRowNumber,
  type Draft,
} from '../state/columns';
import { uploadErrorMessage } from '../state/messages';
import { ColumnsTable } from './columns-table';
import { GridMerge } from './grid-merge';
import { HAS_SETTINGS, PointSettings } from './point-settings';
import { PreviewTable } from './preview-table';
import { ReadingNotices, type Reading } from './reading-notices';
import { RecordIdChoice } from './record-id-choice';

type Props = {
  datafileId: string;
  /** The draft's reading of the file (rows, missing codes): what step 1 set. */
  upload: DraftedDatafile['upload'];
  preview: UploadPreview;
  draft: Draft;
  byColumn: Map<string, string[]>;
  byPoint: Map<string, string[]>;
  setDraft: Dispatch<SetStateAction<Draft | null>>;
  setError: Dispatch<SetStateAction<string | null>>;
};

/**
 * Step 2's editor: the file's rows and how they are read, a type for every column, the grids to
 * merge and the settings of each data point. Memoised, so what changes while the check runs (the
 * button, its progress, the wait) does not render the whole editor again: at 50 columns that was
 * the page's largest cost between the click and step 3. The draft is read again after the save
 * (a new object with the same reading): the reading is compared by what it says.
 */
export const Step2Body = memo(Body, (a, b) =>
  (Object.keys(a) as (keyof Props)[]).every((k) =>
    k === 'upload' ? JSON.stringify(a.upload) === JSON.stringify(b.upload) : a[k] === b[k],
  ),
);

function Body({ datafileId, upload, preview: data, draft, byColumn, byPoint, setDraft, setError }: Props) {
  const t = useT();
  const locale = useLocale();
  const reread = useCreateDraftDatafile();
  // Other rows or missing codes for step 1: the file is read again, step 2 starts over from its suggestions.
  const rereadWith = async (patch: Partial<Reading> & { missingValues?: string[] }) => {
    setError(null);
    const u = upload;
    try {
      await reread.create({
        datafileId,
        datafileKey: u.datafileKey,
        fileName: u.fileName,
        sheetName: u.sheetName ?? null,
        headerRow: patch.headerRow ?? u.headerRow,
        dataRecordStartRow: patch.dataRecordStartRow ?? u.dataRecordStartRow,
        lastDataRow: patch.lastDataRow !== undefined ? patch.lastDataRow : (u.lastDataRow ?? null),
        missingValues: patch.missingValues ?? u.missingValues,
      });
      setDraft(null);
    } catch (e) {
      setError(uploadErrorMessage(locale, e));
    }
  };
  const fileColumns = data.columns.map((c) => c.name);
  const settings = draft.filter((p) => HAS_SETTINGS.has(p.dataPointType));
  return (
    <>
      <Card.Root variant="outline" bg="bg">
        <Card.Header>
          <Heading size="md">{t('uploads.step2.previewTitle')}</Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('uploads.step2.previewHint', {
              rows: formatNumber(data.rows.length, locale),
              format: data.source.isQualtrics ? 'Qualtrics CSV' : data.source.format,
              headerRow: data.source.headerRow,
              firstRow: data.source.dataRecordStartRow,
            })}
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <ReadingNotices
              preview={data}
              current={{
                headerRow: upload.headerRow,
                dataRecordStartRow: upload.dataRecordStartRow,
                lastDataRow: upload.lastDataRow ?? null,
              }}
              missingValues={upload.missingValues}
              busy={reread.isMutating}
              onReading={(reading) => void rereadWith(reading)}
              onMissingValues={(missingValues) => void rereadWith({ missingValues })}
            />
            {data.columns.length > 0 && <PreviewTable preview={data} />}
            {data.suggestionIssues
              // A reading problem is shown once, above.
              .filter((i) => !data.readingIssues.some((r) => r.code === i.code && r.column === i.column))
              .map((i) => (
                <Alert.Root key={`${i.code}${i.column ?? ''}`} status="info" data-testid="upload-suggestion-issue">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Description>{i.message}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Stack gap="6">
        <Card.Root variant="outline" bg="bg">
          <Card.Header>
            <Heading size="md">{t('uploads.step2.columnsTitle')}</Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('uploads.step2.columnsHint', { count: data.columns.length })}
            </Text>
          </Card.Header>
          <Card.Body>
            <Box mb="4">
              <RecordIdChoice
                checked={usesRowNumber(draft)}
                onChange={(rowNumber) =>
                  setDraft(rowNumber ? rowNumberAsId(draft) : draft.filter((p) => !p.isRowNumber))
                }
              />
            </Box>
            <ColumnsTable
              preview={data}
              draft={draft}
              messages={byColumn}
              onType={(column, type) => setDraft(setColumnType(draft, column.name, type, column.label))}
              onGroup={(column, key) => setDraft(moveToGroup(draft, column, key))}
            />
          </Card.Body>
        </Card.Root>
        <GridMerge
          draft={draft}
          candidates={data.gridCandidates}
          onMerge={(keys, groups) => setDraft(mergeGrids(draft, keys, groups, fileColumns))}
        />
        <Stack gap="4">
          <Heading size="md">{t('uploads.step2.settingsTitle')}</Heading>
          {settings.length === 0 && <Text color="fg.muted">{t('uploads.step2.settingsEmpty')}</Text>}
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
            {settings.map((p) => (
              <PointSettings
                key={p.key}
                point={p}
                problems={byPoint.get(p.key) ?? []}
                onChange={(patch) => setDraft(updatePoint(draft, p.key, patch))}
                onMove={(column, by) => setDraft(moveColumn(draft, p.key, column, by))}
                openQuestions={draft.flatMap((o) => (o.dataPointType === 'OPEN_ENDED' ? [o.columns[0]!] : []))}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </>
  );
}
