import { Box, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { SortHeader, type SortState } from '../../../components/table/sort-header';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { DatafileRow, DatafileFilters } from '../api/datafiles-documents';
import { ContributorAvatars, PersonLabel } from './person';
import { type DatafileAction, RowActions } from './row-actions';
import { ScoreLight } from './score-light';
import { StatusCell } from './status-cell';
import { uploadTarget } from './action-dialogs';

export type SortField = NonNullable<DatafileFilters['sort']>;

/** Where a row's title leads: the result page once processed, a draft's upload steps, a failed upload's step 1. */
function titleHref(row: DatafileRow): string | null {
  if (row.status === 'READY' || row.status === 'STOPPED')
    return `/datafile-result?datafileId=${encodeURIComponent(row.id)}`;
  if (!row.canManage) return null;
  if (row.status === 'DRAFT') return uploadTarget('continueDraft', row);
  return row.status === 'ERROR' ? uploadTarget('fixUpload', row) : null;
}

function Row({
  row,
  onAction,
  showCompany,
}: {
  row: DatafileRow;
  onAction: (row: DatafileRow, a: DatafileAction) => void;
  showCompany: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const href = titleHref(row);
  const dash = t('datafiles.noValue');
  return (
    <Table.Row data-testid="datafile-row" data-id={row.id} data-status={row.status}>
      <Table.Cell maxW="64">
        {href ? (
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link href={href} data-testid="datafile-title" title={row.title}>
              <Text as="span" truncate display="block">
                {row.title}
              </Text>
            </Link>
          </ChakraLink>
        ) : (
          <Text fontWeight="medium" truncate data-testid="datafile-title" title={row.title}>
            {row.title}
          </Text>
        )}
        {showCompany && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {row.company.name}
          </Text>
        )}
        {/* Below 1280 px the import type and the owner move under the title (their columns are left out). */}
        <Text hideFrom="xl" fontSize="xs" color="fg.muted" truncate data-testid="datafile-subline">
          {t(`datafiles.importTypes.${row.importType}`)} · {`${row.owner.name.first} ${row.owner.name.last}`.trim()}
        </Text>
      </Table.Cell>
      <Table.Cell hideBelow="xl">{t(`datafiles.importTypes.${row.importType}`)}</Table.Cell>
      <Table.Cell>
        <StatusCell row={row} />
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="records">
        {/* A draft and a failed first upload have no interviews yet: a dash, not a 0 that reads like an empty file. */}
        {row.status === 'DRAFT' || row.status === 'ERROR' ? dash : formatNumber(row.numberOfRecords, locale)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="cleaned-records">
        {row.isCleaned ? (
          formatNumber(row.numberOfCleanedRecords, locale)
        ) : (
          <Text as="span" color="fg.subtle" title={t('datafiles.notCleaned')}>
            {dash}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <ScoreLight score={row.meanCombinedScore ?? null} />
      </Table.Cell>
      <Table.Cell data-testid="certificate">
        {row.certificateLevel ? t('datafiles.certificateLevel', { level: row.certificateLevel }) : dash}
      </Table.Cell>
      <Table.Cell maxW="44" data-testid="owner" hideBelow="xl">
        <PersonLabel person={row.owner} />
      </Table.Cell>
      <Table.Cell hideBelow="xl">
        <ContributorAvatars people={row.contributors} noneLabel={dash} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" data-testid="created" title={formatDateTime(row.createdDate, locale)}>
        {formatDate(row.createdDate, locale)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <RowActions row={row} onAction={(a) => onAction(row, a)} />
      </Table.Cell>
    </Table.Row>
  );
}

export function DatafilesTable({
  rows,
  sort,
  onSort,
  onAction,
  showCompany,
}: {
  rows: DatafileRow[];
  sort: SortState<SortField>;
  onSort: (field: SortField) => void;
  onAction: (row: DatafileRow, action: DatafileAction) => void;
  showCompany: boolean;
}) {
  const t = useT();
  const headers: { key: string; field?: SortField; end?: boolean; wide?: boolean }[] = [
    { key: 'title', field: 'TITLE' },
    { key: 'importType', wide: true },
    { key: 'status', field: 'STATUS' },
    { key: 'records', field: 'NUMBER_OF_RECORDS', end: true },
    { key: 'cleanedRecords', end: true },
    { key: 'score', field: 'MEAN_COMBINED_SCORE', end: true },
    { key: 'certificate' },
    { key: 'owner', wide: true },
    { key: 'contributors', wide: true },
    { key: 'created', field: 'CREATED_AT' },
    { key: 'actions', end: true },
  ];
  return (
    <Box overflowX="auto">
      <Table.Root
        size="sm"
        data-testid="datafiles-table"
        css={{ '& th, & td': { px: '2' }, '& th': { fontSize: 'xs', verticalAlign: 'bottom' } }}
      >
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <SortHeader
                key={h.key}
                label={t(`datafiles.columns.${h.key}`)}
                field={h.field}
                sort={sort}
                onSort={onSort}
                textAlign={h.end ? 'end' : undefined}
                hideBelow={h.wide ? 'xl' : undefined}
              />
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Row key={row.id} row={row} onAction={onAction} showCompany={showCompany} />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
