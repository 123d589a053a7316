import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Field,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PageError } from '../../../components/feedback/page-state';
import { FilesIcon } from '../../../components/icons/icons';
import { PageHeader } from '../../../components/layout/page-header';
import { Pager } from '../../../components/table/pager';
import type { SortState } from '../../../components/table/sort-header';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import {
  type DatafileFilters,
  type DatafileRow,
  useDatafileListOrganizations,
  useGetDatafilesForLoggedInUser,
} from '../api/datafiles-documents';
import { ActionDialog } from '../components/action-dialogs';
import { DatafilesTable, type SortField } from '../components/datafiles-table';
import type { DatafileAction } from '../components/row-actions';
import { ShareDialog } from '../components/share-dialog';

export const DATAFILES_PAGE_SIZE = 10;
const TYPES = ['ALL', 'LIVE', 'MANUAL', 'DRAFT'] as const;
type ListType = (typeof TYPES)[number];

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function EmptyState({ filtered }: { filtered: boolean }) {
  const t = useT();
  return (
    <Center py="14" data-testid="datafiles-empty">
      <Stack gap="3" align="center" textAlign="center">
        <Box fontSize="4xl" color="fg.subtle">
          <FilesIcon />
        </Box>
        <Text color="fg.muted">{t(filtered ? 'datafiles.emptyFiltered' : 'datafiles.empty')}</Text>
        {!filtered && (
          <Button asChild colorPalette="brand" size="sm">
            <Link href="/upload-dataset/step1">{t('datafiles.startUpload')}</Link>
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/**
 * /datafiles: the datafiles the user sees, filtered (all / live / manual / drafts; operators by
 * organisation), searched, sorted and paged on the server, with each row's actions.
 */
export function DatafilesPage({ isOperator }: { isOperator: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [type, setType] = useState<ListType>('ALL');
  const [companyId, setCompanyId] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [sort, setSort] = useState<SortState<SortField>>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ row: DatafileRow; action: DatafileAction } | null>(null);
  const filters: DatafileFilters = {
    importType: type,
    companyId: companyId || null,
    search: debounced || null,
    sort: sort?.by ?? null,
    sortDirection: sort?.dir ?? null,
  };
  const list = useGetDatafilesForLoggedInUser(filters, page, DATAFILES_PAGE_SIZE);
  const organizations = useDatafileListOrganizations(isOperator);
  const result = list.data?.getDatafilesForLoggedInUser;
  const filtered = type !== 'ALL' || Boolean(debounced) || Boolean(companyId);

  const onSort = (by: SortField) => {
    setSort(
      sort?.by === by ? { by, dir: sort.dir === 'ASC' ? 'DESC' : 'ASC' } : { by, dir: by === 'TITLE' ? 'ASC' : 'DESC' },
    );
    setPage(1);
  };
  const onAction = (row: DatafileRow, action: DatafileAction) => {
    if (action === 'open') navigate(`/datafile-result?datafileId=${encodeURIComponent(row.id)}`);
    else setOpen({ row, action });
  };
  // A page emptied by a delete (or a filter) falls back to the last page that has rows.
  useEffect(() => {
    if (result && result.datafiles.length === 0 && result.totalNumberOfDatafiles > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(result.totalNumberOfDatafiles / DATAFILES_PAGE_SIZE)));
  }, [result, page]);

  return (
    <Box data-testid="datafiles-page">
      <PageHeader
        title={t('routes.datafiles')}
        crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.datafiles') }]}
      />
      <Card.Root variant="outline" bg="bg">
        <Card.Body gap="4">
          <Flex gap="4" wrap="wrap" align="flex-end" justify="space-between">
            <HStack gap="1" role="tablist" aria-label={t('datafiles.filters.label')}>
              {TYPES.map((k) => (
                <Button
                  key={k}
                  size="sm"
                  role="tab"
                  aria-selected={type === k}
                  variant={type === k ? 'solid' : 'ghost'}
                  colorPalette="brand"
                  data-testid={`filter-${k}`}
                  onClick={() => {
                    setType(k);
                    setPage(1);
                  }}
                >
                  {t(`datafiles.filters.${k}`)}
                </Button>
              ))}
            </HStack>
            <HStack gap="3" align="flex-end">
              {isOperator && (
                <Field.Root w="56">
                  <Field.Label fontSize="xs">{t('datafiles.filters.organization')}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={companyId}
                      data-testid="filter-organization"
                      onChange={(e) => {
                        setCompanyId(e.currentTarget.value);
                        setPage(1);
                      }}
                    >
                      <option value="">{t('datafiles.filters.allOrganizations')}</option>
                      {organizations.data?.getCompanies.companies.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              )}
              <Input
                size="sm"
                w="64"
                placeholder={t('datafiles.filters.search')}
                aria-label={t('datafiles.filters.search')}
                value={search}
                data-testid="datafiles-search"
                maxLength={100}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </HStack>
          </Flex>
          {list.error && !result ? (
            <PageError onRetry={() => void list.mutate()} />
          ) : !result ? (
            <Center py="14">
              <Spinner />
            </Center>
          ) : result.datafiles.length === 0 && result.totalNumberOfDatafiles === 0 ? (
            <EmptyState filtered={filtered} />
          ) : (
            <Stack gap="2">
              <HStack justify="flex-end">
                <Badge variant="subtle" data-testid="datafiles-count">
                  {t('datafiles.count', { count: formatNumber(result.totalNumberOfDatafiles, locale) })}
                </Badge>
              </HStack>
              <DatafilesTable
                rows={result.datafiles}
                sort={sort}
                onSort={onSort}
                onAction={onAction}
                showCompany={isOperator}
              />
              <Pager
                page={result.currentPage}
                pageSize={DATAFILES_PAGE_SIZE}
                total={result.totalNumberOfDatafiles}
                onPageChange={setPage}
                testId="datafiles-pager"
              />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      {open?.action === 'share' && <ShareDialog row={open.row} onClose={() => setOpen(null)} />}
      {open && open.action !== 'share' && open.action !== 'open' && (
        <ActionDialog row={open.row} action={open.action} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}
