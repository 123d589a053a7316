import { Alert, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { UploadPreview } from '../api/use-get-upload-preview';

/** The rows step 1 reads, and the ones the file's layout suggests. */
export type Reading = { headerRow: number; dataRecordStartRow: number; lastDataRow: number | null };

const differs = (a: Reading, b: Reading) =>
  a.headerRow !== b.headerRow || a.dataRecordStartRow !== b.dataRecordStartRow || a.lastDataRow !== b.lastDataRow;

/** The file's first rows as they are, the suggested header, first and last data row marked. */
function RawRows({ preview }: { preview: UploadPreview }) {
  const t = useT();
  const { layout } = preview;
  const width = Math.max(0, ...preview.rawRows.map((r) => r.cells.length));
  const role = (n: number) =>
    n === layout.headerRow
      ? t('uploads.step2.raw.header')
      : n === layout.labelRow
        ? t('uploads.step2.raw.labels')
        : n < layout.headerRow
          ? t('uploads.step2.raw.above')
          : layout.lastDataRow !== null && layout.lastDataRow !== undefined && n > layout.lastDataRow
            ? t('uploads.step2.raw.below')
            : '';
  return (
    <Box
      overflowX="auto"
      maxH="320px"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      data-testid="upload-raw-rows"
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader bg="bg.subtle">{t('uploads.step2.rowNumber')}</Table.ColumnHeader>
            <Table.ColumnHeader bg="bg.subtle" />
            {Array.from({ length: width }, (_, j) => (
              <Table.ColumnHeader key={j} bg="bg.subtle" />
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.rawRows.map((r) => (
            <Table.Row key={r.number} bg={r.number === layout.headerRow ? 'brand.50' : undefined}>
              <Table.Cell color="fg.muted">{r.number}</Table.Cell>
              <Table.Cell fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                {role(r.number)}
              </Table.Cell>
              {Array.from({ length: width }, (_, j) => (
                <Table.Cell key={j} whiteSpace="nowrap" maxW="48" truncate title={r.cells[j] ?? undefined}>
                  {r.cells[j] ?? ''}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * What step 2 found about how the file is read: rows that do not fit (with the file's rows as they
 * are and the rows to take instead), a file that is no survey data, missing-value codes the file
 * seems to use, and why the suggestions cannot be processed as they are.
 */
export function ReadingNotices({
  preview,
  current,
  missingValues,
  busy,
  onReading,
  onMissingValues,
}: {
  preview: UploadPreview;
  current: Reading;
  missingValues: readonly string[];
  busy: boolean;
  onReading: (reading: Reading) => void;
  onMissingValues: (codes: string[]) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [showRows, setShowRows] = useState(false);
  const { layout } = preview;
  const suggested: Reading = {
    headerRow: layout.headerRow,
    dataRecordStartRow: layout.dataRecordStartRow,
    lastDataRow: layout.lastDataRow ?? null,
  };
  const other = differs(current, suggested);
  const problems = preview.readingIssues.length > 0;
  // Only names the platform keeps for itself: other rows would not help, the file's columns must be renamed.
  const renameOnly = problems && preview.readingIssues.every((i) => i.reason === 'RESERVED_HEADER_NAME');
  const codes = preview.missingValueSuggestions.filter((s) => !missingValues.includes(s.value));
  return (
    <Stack gap="3">
      {(other || problems) && (
        <Alert.Root status={problems ? 'error' : 'info'} data-testid="upload-layout-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t(
                renameOnly
                  ? 'uploads.step2.raw.renameTitle'
                  : problems
                    ? 'uploads.step2.raw.problemTitle'
                    : 'uploads.step2.raw.otherTitle',
              )}
            </Alert.Title>
            <Alert.Description>
              {preview.readingIssues.map((i) => (
                <Text key={`${i.code}${i.column ?? ''}`}>{i.message}</Text>
              ))}
              {other && (
                <Text>
                  {t(
                    suggested.lastDataRow === null
                      ? 'uploads.step2.raw.suggestion'
                      : 'uploads.step2.raw.suggestionLast',
                    {
                      header: suggested.headerRow,
                      first: suggested.dataRecordStartRow,
                      last: suggested.lastDataRow ?? '',
                    },
                  )}
                </Text>
              )}
              <HStack mt="2" gap="2">
                {other && (
                  <Button
                    size="sm"
                    colorPalette="brand"
                    loading={busy}
                    onClick={() => onReading(suggested)}
                    data-testid="upload-use-layout"
                  >
                    {t('uploads.step2.raw.use')}
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => setShowRows(!showRows)}>
                  {t(showRows ? 'uploads.step2.raw.hide' : 'uploads.step2.raw.show')}
                </Button>
              </HStack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {!other && !problems && (
        <Box>
          <Button size="xs" variant="ghost" onClick={() => setShowRows(!showRows)} data-testid="upload-show-raw">
            {t(showRows ? 'uploads.step2.raw.hide' : 'uploads.step2.raw.show')}
          </Button>
        </Box>
      )}
      {showRows && <RawRows preview={preview} />}
      {layout.notSurveyDataMessage && (
        <Alert.Root status="warning" data-testid="upload-not-survey-data">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{layout.notSurveyDataMessage}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {codes.length > 0 && (
        <Alert.Root status="warning" data-testid="upload-missing-suggestion">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('uploads.step2.missing.title')}</Alert.Title>
            <Alert.Description>
              {codes.map((s) => (
                <Text key={s.value}>
                  {t('uploads.step2.missing.found', {
                    code: s.value,
                    count: formatNumber(s.count, locale),
                    columns: s.columns.join(', '),
                  })}
                </Text>
              ))}
              <Button
                mt="2"
                size="sm"
                colorPalette="brand"
                loading={busy}
                onClick={() => onMissingValues([...missingValues, ...codes.map((s) => s.value)])}
                data-testid="upload-use-missing"
              >
                {t('uploads.step2.missing.use', { codes: codes.map((s) => s.value).join(', ') })}
              </Button>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
