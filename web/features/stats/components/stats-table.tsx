import { Box, Center, Link as ChakraLink, Table } from '@chakra-ui/react';
import { Link } from 'wouter';
import { SortHeader } from '../../../components/table/sort-header';
import { Pager } from '../../../components/table/pager';
import { formatMonth, formatNumber } from '../../../lib/format';
import type { UsageStatsSortField } from '../../../lib/gql/graphql';
import { useLocale, useT } from '../../../lib/i18n';
import type { UsageStats } from '../api/use-get-usage-stats-by-month';
import type { StatsView } from '../state/stats-url';
import { STATS_COLUMNS, type StatsPageKind } from './stats-columns';

/** Names sort A to Z first, figures and months largest or newest first (the server's defaults). */
const firstDirection = (field: UsageStatsSortField) => (field === 'ORGANIZATION' ? 'ASC' : 'DESC');

/** One row per organisation and month, sorted and paged on the server; an organisation opens its details. */
export function StatsTable({
  kind,
  stats,
  view,
  onChange,
}: {
  kind: StatsPageKind;
  stats: UsageStats;
  view: StatsView;
  onChange: (change: Partial<StatsView>) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const columns = STATS_COLUMNS[kind];
  const sortBy = view.sortBy ?? 'MONTH';
  const sort = { by: sortBy, dir: view.sortDirection ?? firstDirection(sortBy) };
  const onSort = (field: UsageStatsSortField) => {
    const dir = sort.by === field ? (sort.dir === 'ASC' ? 'DESC' : 'ASC') : firstDirection(field);
    onChange({ sortBy: field, sortDirection: dir, page: 1 });
  };
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="stats-table" css={{ '& th': { fontSize: 'xs', verticalAlign: 'bottom' } }}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <SortHeader
                key={c.key}
                label={t(`stats.columns.${c.key}`)}
                field={c.field}
                sort={sort}
                onSort={onSort}
                textAlign={c.numeric ? 'end' : 'start'}
                testIdPrefix="stats-sort"
              />
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {stats.rows.map((row) => (
            <Table.Row
              key={`${row.organization.id}-${row.month}`}
              data-testid="stats-row"
              data-organization={row.organization.id}
              data-month={row.month}
            >
              <Table.Cell whiteSpace="nowrap">{formatMonth(row.month, locale)}</Table.Cell>
              <Table.Cell maxW="64" truncate title={row.organization.name}>
                <ChakraLink asChild color="brand.fg">
                  <Link href={`/organization-details?organization=${row.organization.id}`}>
                    {row.organization.name}
                  </Link>
                </ChakraLink>
              </Table.Cell>
              {columns
                .filter((c) => c.value)
                .map((c) => (
                  <Table.Cell
                    key={c.key}
                    textAlign="end"
                    fontVariantNumeric="tabular-nums"
                    data-testid={`stats-cell-${c.key}`}
                  >
                    {formatNumber(c.value!(row), locale)}
                  </Table.Cell>
                ))}
            </Table.Row>
          ))}
          {stats.rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={columns.length}>
                <Center py="8" color="fg.muted" data-testid="stats-empty">
                  {t('stats.table.empty')}
                </Center>
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
      <Pager
        page={stats.pageInfo.page}
        pageSize={stats.pageInfo.limit}
        total={stats.pageInfo.total}
        onPageChange={(page) => onChange({ page })}
        testId="stats-pager"
      />
    </Box>
  );
}
