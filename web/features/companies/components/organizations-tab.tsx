import { Avatar, Badge, Box, Center, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Pager } from '../../../components/table/pager';
import { SortHeader } from '../../../components/table/sort-header';
import { PageError } from '../../../components/feedback/page-state';
import { viennaDate } from '../../../../db/domain/calendar';
import { formatIsoDate, formatNumber } from '../../../lib/format';
import { type Translate, useLocale, useT } from '../../../lib/i18n';
import { ADMIN_PAGE_SIZE, type ActiveCompanyRow, type CompanySortField } from '../api/company-row';
import { ORGANIZATIONS_PAGE_KEY, useGetAllActiveCompanies } from '../api/use-get-all-active-companies';
import { useDebounced, useSessionPage } from '../state/session-page';

/** Balance badge colours: up to 10 % danger, up to 50 % warning, above success. */
export function percentPalette(percent: number): 'red' | 'orange' | 'green' {
  if (percent <= 10) return 'red';
  if (percent <= 50) return 'orange';
  return 'green';
}

export function balancePercentOf(row: ActiveCompanyRow): number | null {
  const { totalActiveBalance, totalActiveReceived } = row.activeCreditOverview;
  return totalActiveReceived > 0 ? Math.round((totalActiveBalance / totalActiveReceived) * 100) : null;
}

export function latestImportText(row: ActiveCompanyRow, t: Translate): string {
  if (!row.latestDataImport) return '-';
  return row.latestDataImport.daysAgo === 0
    ? t('companies.adminPanel.organizations.today')
    : t('companies.adminPanel.organizations.daysAgo', { count: row.latestDataImport.daysAgo });
}

export function OrganizationRow({ row, today, onOpen }: { row: ActiveCompanyRow; today: string; onOpen: () => void }) {
  const t = useT();
  const locale = useLocale();
  const contract = row.contract;
  const showContract = Boolean(contract && (contract.remainingDays === null || contract.remainingDays >= 0));
  const notStarted = Boolean(contract && contract.startDate > today);
  const percent = balancePercentOf(row);
  const overview = row.activeCreditOverview;
  return (
    <Table.Row
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      onClick={onOpen}
      data-testid="organization-row"
      data-id={row.id}
    >
      <Table.Cell>
        <HStack gap="2.5">
          <Avatar.Root size="xs">
            <Avatar.Image src={row.image ?? '/default-company.svg'} />
            <Avatar.Fallback name={row.name} />
          </Avatar.Root>
          <Text fontWeight="medium" truncate maxW="44" title={row.name}>
            {row.name}
          </Text>
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end" data-testid="wallet-cell">
        {overview.totalActiveBalance > 0 ? (
          formatNumber(overview.totalActiveBalance, locale)
        ) : overview.totalReceivedFromPayAsUsage > 0 ? (
          <Badge colorPalette="purple">
            {t('companies.adminPanel.organizations.payAsUsage')}{' '}
            {formatNumber(overview.totalReceivedFromPayAsUsage, locale)}
          </Badge>
        ) : (
          '0'
        )}
      </Table.Cell>
      <Table.Cell>
        {percent === null ? (
          '-'
        ) : (
          <Badge colorPalette={percentPalette(percent)} data-testid="percent-badge">
            {percent} %
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        <Badge
          colorPalette={row.isActivated === 'ACTIVATED' ? 'green' : row.isActivated === 'PENDING' ? 'orange' : 'gray'}
        >
          {t(`companies.status.${row.isActivated}`)}
        </Badge>
      </Table.Cell>
      <Table.Cell hideBelow="xl">{showContract && contract ? t(`contracts.types.${contract.type}`) : '-'}</Table.Cell>
      <Table.Cell hideBelow="xl">
        {showContract && contract ? formatIsoDate(contract.startDate, locale) : '-'}
      </Table.Cell>
      <Table.Cell>{showContract && contract ? formatIsoDate(contract.endDate, locale) : '-'}</Table.Cell>
      <Table.Cell>
        {!showContract || !contract
          ? '-'
          : notStarted
            ? t('companies.adminPanel.organizations.notYetStarted')
            : formatNumber(contract.remainingDays ?? 0, locale)}
      </Table.Cell>
      <Table.Cell hideBelow="xl">
        {row.supportLevel ? <Badge variant="outline">{row.supportLevel}</Badge> : '-'}
      </Table.Cell>
      <Table.Cell>{latestImportText(row, t)}</Table.Cell>
    </Table.Row>
  );
}

/** The Organizations tab: server-paged (5), searched and sorted ACTIVATED organisations; a row opens the details. */
export function OrganizationsTab() {
  const t = useT();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [page, setPage] = useSessionPage(ORGANIZATIONS_PAGE_KEY);
  const [sort, setSort] = useState<{ by: CompanySortField; dir: 'ASC' | 'DESC' } | null>(null);
  const { data, error, mutate, isLoading } = useGetAllActiveCompanies({
    search: debounced || null,
    sortBy: sort?.by ?? null,
    sortDirection: sort?.dir ?? null,
    page: { page, limit: ADMIN_PAGE_SIZE },
  });
  const today = viennaDate();
  const result = data?.getAllActiveCompanies;
  const onSort = (by: CompanySortField) => {
    setSort(sort?.by === by ? { by, dir: sort.dir === 'ASC' ? 'DESC' : 'ASC' } : { by, dir: 'ASC' });
    setPage(1);
  };
  // Below 1280 px the contract type, start and support level are left out (the organisation's page has them).
  const headers: { key: string; field?: CompanySortField; wide?: boolean }[] = [
    { key: 'organization', field: 'NAME' },
    { key: 'activeBalance' },
    { key: 'balancePercent' },
    { key: 'status', field: 'STATUS' },
    { key: 'contractType', field: 'CONTRACT_TYPE', wide: true },
    { key: 'contractStart', wide: true },
    { key: 'contractEnd' },
    { key: 'remainingDays', field: 'REMAINING_DAYS' },
    { key: 'supportLevel', field: 'SUPPORT_LEVEL', wide: true },
    { key: 'latestImport', field: 'LATEST_IMPORT' },
  ];
  return (
    <Stack gap="3" data-testid="organizations-tab">
      <Input
        maxW="sm"
        size="sm"
        placeholder={t('companies.adminPanel.organizations.search')}
        value={search}
        data-testid="organizations-search"
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {error ? (
        <PageError onRetry={() => void mutate()} />
      ) : isLoading && !result ? (
        <Center py="10">
          <Spinner />
        </Center>
      ) : (
        <Box overflowX="auto">
          <Table.Root
            size="sm"
            data-testid="organizations-table"
            fontSize="sm"
            css={{ '& th, & td': { px: '2' }, '& th': { fontSize: 'xs', verticalAlign: 'bottom' } }}
          >
            <Table.Header>
              <Table.Row>
                {headers.map((h) => (
                  <SortHeader
                    key={h.key}
                    label={t(`companies.adminPanel.organizations.columns.${h.key}`)}
                    field={h.field}
                    sort={sort}
                    onSort={onSort}
                    hideBelow={h.wide ? 'xl' : undefined}
                  />
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {result?.companies.map((row) => (
                <OrganizationRow
                  key={row.id}
                  row={row}
                  today={today}
                  onOpen={() => navigate(`/organization-details?organization=${row.id}`)}
                />
              ))}
              {result && result.companies.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={10}>
                    <Center py="6" color="fg.muted">
                      {t('companies.adminPanel.organizations.empty')}
                    </Center>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
          {result && (
            <Pager
              page={page}
              pageSize={ADMIN_PAGE_SIZE}
              total={result.pageInfo.total}
              onPageChange={setPage}
              testId="organizations-pager"
            />
          )}
        </Box>
      )}
    </Stack>
  );
}
