import { Badge, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import type { DataPointType } from '../../../lib/gql/graphql';
import { type Locale, useLocale, useT } from '../../../lib/i18n';
import { cellText } from './preview-table';
import type { PreviewColumn, UploadPreview } from '../api/use-get-upload-preview';
import { BEHAVIOUR_TYPES, COLUMN_TYPES, GROUP_TYPES, pointOfColumn, type Draft } from '../state/columns';

const NEW_GROUP = '__new__';

/** A few distinct values of a column from the preview rows (what the user recognises a column by). */
function sampleOf(preview: UploadPreview, index: number, locale: Locale): string {
  const seen: string[] = [];
  for (const row of preview.rows) {
    const v = row.cells[index];
    if (v !== null && v !== undefined && v !== '' && !row.missing.includes(index) && !seen.includes(v)) seen.push(v);
    if (seen.length === 3) break;
  }
  return seen
    .map((v) => cellText(v, undefined, locale))
    .map((v) => (v.length > 24 ? `${v.slice(0, 23)}…` : v))
    .join(' · ');
}

/** One row per column of the file: its values, its type (suggested ones marked) and, for grids and projective questions, its group. */
export function ColumnsTable({
  preview,
  draft,
  messages,
  onType,
  onGroup,
}: {
  preview: UploadPreview;
  draft: Draft;
  /** Problems per column (messages already in words). */
  messages: Map<string, string[]>;
  onType: (column: PreviewColumn, type: DataPointType) => void;
  onGroup: (column: string, groupKey: string | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Table.Root size="sm" data-testid="upload-columns-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('uploads.step2.column')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('uploads.step2.sample')}</Table.ColumnHeader>
          <Table.ColumnHeader minW="64">{t('uploads.step2.type')}</Table.ColumnHeader>
          <Table.ColumnHeader minW="52">{t('uploads.step2.group')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {preview.columns.map((c, index) => {
          const point = pointOfColumn(draft, c.name);
          const type = point?.dataPointType ?? 'IGNORE';
          const groups = GROUP_TYPES.includes(type) ? draft.filter((p) => p.dataPointType === type) : [];
          const problems = messages.get(c.name) ?? [];
          return (
            <Table.Row key={c.name} data-testid={`column-row-${c.name}`} bg={problems.length ? 'red.50' : undefined}>
              <Table.Cell>
                <Text fontWeight="semibold">{c.name}</Text>
                {c.label && c.label !== c.name && (
                  <Text fontSize="xs" color="fg.muted" maxW="64" truncate title={c.label}>
                    {c.label}
                  </Text>
                )}
                {problems.map((m) => (
                  <Text key={m} fontSize="xs" color="fg.error" mt="1" data-testid="column-issue">
                    {m}
                  </Text>
                ))}
              </Table.Cell>
              <Table.Cell fontSize="xs" color="fg.muted" maxW="80" truncate title={sampleOf(preview, index, locale)}>
                {sampleOf(preview, index, locale)}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="2">
                  <NativeSelect.Root size="sm" maxW="60">
                    <NativeSelect.Field
                      value={type}
                      aria-label={`${t('uploads.step2.type')}: ${c.name}`}
                      data-testid={`column-type-${c.name}`}
                      onChange={(e) => onType(c, e.currentTarget.value as DataPointType)}
                    >
                      {COLUMN_TYPES.map((ty) => (
                        <option key={ty} value={ty}>
                          {t(`uploads.step2.types.${ty}`)}
                        </option>
                      ))}
                      <optgroup label={t('uploads.step2.behaviour.group')}>
                        {BEHAVIOUR_TYPES.map((ty) => (
                          <option key={ty} value={ty}>
                            {t(`uploads.step2.types.${ty}`)}
                          </option>
                        ))}
                      </optgroup>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {c.suggestedType === type && type !== 'IGNORE' && (
                    <Badge size="xs" colorPalette="gray" variant="subtle">
                      {t('uploads.step2.suggested')}
                    </Badge>
                  )}
                </HStack>
              </Table.Cell>
              <Table.Cell>
                {groups.length > 0 && point && (
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={point.key}
                      aria-label={`${t('uploads.step2.group')}: ${c.name}`}
                      data-testid={`column-group-${c.name}`}
                      onChange={(e) =>
                        onGroup(c.name, e.currentTarget.value === NEW_GROUP ? null : e.currentTarget.value)
                      }
                    >
                      {groups.map((g) => (
                        <option key={g.key} value={g.key}>
                          {g.questionTitle || g.dataPointIdentifier}
                        </option>
                      ))}
                      <option value={NEW_GROUP}>{t('uploads.step2.newGroup')}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
