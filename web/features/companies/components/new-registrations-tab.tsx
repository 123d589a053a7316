import { formatIsoDate } from '../../../lib/format';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  HStack,
  IconButton,
  Input,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Pager } from '../../../components/table/pager';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { PageError } from '../../../components/feedback/page-state';
import { useLocale, useT } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import type { NewCompanyRow } from '../api/company-row';
import { useDeleteCompany } from '../api/use-delete-company';
import { useGetAllNewCompanies } from '../api/use-get-all-new-companies';
import { useDebounced } from '../state/session-page';
import { ADMIN_PAGE_SIZE } from '../api/company-row';

export type RenderActivation = (companyId: string, onClose: (changed: boolean) => void) => ReactNode;

const TrashIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

function DeleteRegistrationDialog({ company, onClose }: { company: NewCompanyRow; onClose: () => void }) {
  const t = useT();
  const del = useDeleteCompany();
  return (
    <ConfirmDialog
      open
      title={t('companies.adminPanel.newRegistrations.deleteTitle')}
      testId="delete-registration-dialog"
      confirmTestId="delete-registration-confirm"
      size="md"
      danger
      confirmLabel={t('companies.adminPanel.newRegistrations.delete')}
      successMessage={t('companies.adminPanel.newRegistrations.deleted', { name: company.name })}
      revalidates={['getAllNewCompanies', 'getCompaniesSummary']}
      onConfirm={() => del.trigger({ companyId: company.id })}
      onClose={onClose}
    >
      <Text>{t('companies.adminPanel.newRegistrations.deleteText', { name: company.name })}</Text>
    </ConfirmDialog>
  );
}

/** PENDING registrations: search, 5 per page, Activate (3-step wizard) and delete with confirmation. */
export function NewRegistrationsTab({ renderActivation }: { renderActivation: RenderActivation }) {
  const t = useT();
  const locale = useLocale();
  const { mutate: globalMutate } = useSWRConfig();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  const [activating, setActivating] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<NewCompanyRow | null>(null);
  const { data, error, mutate, isLoading } = useGetAllNewCompanies({
    search: debounced || null,
    sortBy: 'CREATED_AT',
    sortDirection: 'DESC',
    page: { page, limit: ADMIN_PAGE_SIZE },
  });
  const result = data?.getAllNewCompanies;
  return (
    <Stack gap="3" data-testid="new-registrations-tab">
      <Input
        maxW="sm"
        size="sm"
        placeholder={t('companies.adminPanel.newRegistrations.search')}
        value={search}
        data-testid="registrations-search"
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
      ) : result && result.companies.length === 0 ? (
        <Center py="12" data-testid="registrations-empty">
          <Text color="fg.muted" fontWeight="medium">
            {t('companies.adminPanel.newRegistrations.empty')}
          </Text>
        </Center>
      ) : (
        <Box>
          <Table.Root size="sm" data-testid="registrations-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('companies.adminPanel.newRegistrations.columns.registered')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t('companies.adminPanel.newRegistrations.columns.organization')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('companies.adminPanel.newRegistrations.columns.owner')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {result?.companies.map((row) => {
                const owner = row.companyOwner;
                const ownerName = owner ? `${owner.name.first} ${owner.name.last}` : '-';
                return (
                  <Table.Row key={row.id} data-testid="registration-row" data-name={row.name}>
                    <Table.Cell>{formatIsoDate(row.createdDate, locale)}</Table.Cell>
                    <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2.5">
                        <Avatar.Root size="xs">
                          <Avatar.Fallback name={ownerName} />
                          {owner?.image && <Avatar.Image src={owner.image} />}
                        </Avatar.Root>
                        <Box>
                          <Text fontSize="sm">{ownerName}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {owner?.email ?? ''}
                          </Text>
                        </Box>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <HStack justify="flex-end" gap="2">
                        <Button
                          size="xs"
                          colorPalette="brand"
                          onClick={() => setActivating(row.id)}
                          data-testid="activate-registration"
                        >
                          {t('companies.adminPanel.newRegistrations.activate')}
                        </Button>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('companies.adminPanel.newRegistrations.delete')}
                          onClick={() => setDeleting(row)}
                          data-testid="delete-registration"
                        >
                          <TrashIcon />
                        </IconButton>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          {result && (
            <Pager
              page={page}
              pageSize={ADMIN_PAGE_SIZE}
              total={result.pageInfo.total}
              onPageChange={setPage}
              testId="registrations-pager"
            />
          )}
        </Box>
      )}
      {activating &&
        renderActivation(activating, (changed) => {
          setActivating(null);
          if (changed)
            void revalidateOperations(
              globalMutate,
              'getAllNewCompanies',
              'getAllActiveCompanies',
              'getCompaniesSummary',
            );
        })}
      {deleting && <DeleteRegistrationDialog company={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

export function CountBadge({ count, testId }: { count: number; testId: string }) {
  return (
    <Badge colorPalette="brand" variant="solid" borderRadius="full" data-testid={testId}>
      {count}
    </Badge>
  );
}
