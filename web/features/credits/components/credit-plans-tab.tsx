import { Badge, Card, Center, Checkbox, Heading, HStack, Input, Spinner, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Pager } from '../../../components/table/pager';
import { PageError } from '../../../components/feedback/page-state';
import { formatEuroCents } from '../../../lib/calendar';
import { formatDate, formatIsoDate, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetCompanyCreditPlansByType } from '../api/use-get-company-credit-plans-by-type';
import { FlashingDot } from './flashing-dot';

/** Other credit plans per page. */
export const CREDIT_PLANS_PAGE_SIZE = 8;
type Filter = 'ACTIVE' | 'EXPIRED' | 'UPCOMING';
const FILTERS: { status: Filter; key: string }[] = [
  { status: 'ACTIVE', key: 'credits.plans.filters.active' },
  { status: 'EXPIRED', key: 'credits.plans.filters.terminated' },
  { status: 'UPCOMING', key: 'credits.plans.filters.upcoming' },
];
const STATUS_PALETTE: Record<string, string> = { ACTIVE: 'green', UPCOMING: 'blue', EXPIRED: 'gray', DEACTIVE: 'red' };

/** 'Other Credit Plans': the organisation's secondary plans, searched on the description, filtered by status, 8 per page. */
export function CreditPlansTab({ companyId }: { companyId: string }) {
  const t = useT();
  const locale = useLocale();
  const { data, error, mutate } = useGetCompanyCreditPlansByType(companyId, 'SECONDARY');
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<Record<Filter, boolean>>({ ACTIVE: true, EXPIRED: true, UPCOMING: true });
  const [page, setPage] = useState(1);
  if (error) return <PageError onRetry={() => void mutate()} />;
  if (!data)
    return (
      <Center py="16" data-testid="credit-plans-loading">
        <Spinner />
      </Center>
    );
  const needle = search.trim().toLowerCase();
  const rows = data.getCompanyCreditPlansByType
    .filter((p) => p.status === 'ACTIVE' || p.status === 'EXPIRED' || p.status === 'UPCOMING')
    .filter((p) => shown[p.status as Filter])
    .filter((p) => !needle || p.name.toLowerCase().includes(needle));
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / CREDIT_PLANS_PAGE_SIZE)));
  const pageRows = rows.slice((current - 1) * CREDIT_PLANS_PAGE_SIZE, current * CREDIT_PLANS_PAGE_SIZE);
  return (
    <Card.Root variant="outline" data-testid="credit-plans-tab">
      <Card.Header>
        <Heading size="md">{t('credits.plans.title')}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Input
            maxW="xs"
            size="sm"
            placeholder={t('credits.plans.search')}
            value={search}
            data-testid="credit-plans-search"
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <HStack gap="4">
            {FILTERS.map(({ status, key }) => (
              <Checkbox.Root
                key={status}
                size="sm"
                checked={shown[status]}
                data-testid={`credit-plans-filter-${status}`}
                onCheckedChange={(d) => {
                  setShown({ ...shown, [status]: d.checked === true });
                  setPage(1);
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(key)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </HStack>
        {rows.length === 0 ? (
          <Center py="10" data-testid="credit-plans-empty">
            <Text color="fg.muted">{t('credits.plans.empty')}</Text>
          </Center>
        ) : (
          <>
            <Table.Root size="sm" data-testid="credit-plans-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="6" aria-label={t('credits.plans.columns.running')} />
                  <Table.ColumnHeader>{t('credits.plans.columns.createdAt')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.plans.columns.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.plans.columns.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.plans.columns.startDate')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.plans.columns.expirationDate')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('credits.plans.columns.balance')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('credits.plans.columns.received')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('credits.plans.columns.pricePerCredit')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.plans.columns.invoiceNumber')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {pageRows.map((p) => (
                  <Table.Row
                    key={p.id}
                    data-testid="credit-plan-row"
                    data-id={p.id}
                    data-type={p.type}
                    bg={p.isNextAvailable ? 'green.50' : undefined}
                  >
                    <Table.Cell>
                      {p.isNextAvailable && <FlashingDot title={t('credits.plans.nextAvailable')} />}
                    </Table.Cell>
                    <Table.Cell>{formatDate(p.createdAt, locale)}</Table.Cell>
                    <Table.Cell>{p.name}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[p.status]}>{t(`credits.plans.status.${p.status}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell>{formatIsoDate(p.startDate, locale)}</Table.Cell>
                    <Table.Cell>{p.expirationDate ? formatIsoDate(p.expirationDate, locale) : '-'}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {p.isPayPerUsage ? (
                        <Badge colorPalette="purple">{t('credits.plans.payAsYouGo')}</Badge>
                      ) : (
                        formatNumber(p.credits.balance, locale)
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatNumber(p.credits.received, locale)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {p.pricePerCredit > 0 ? formatEuroCents(p.pricePerCredit, locale) : '-'}
                    </Table.Cell>
                    <Table.Cell>{p.invoice?.number ?? '-'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <Pager
              page={current}
              pageSize={CREDIT_PLANS_PAGE_SIZE}
              total={rows.length}
              onPageChange={setPage}
              testId="credit-plans-pager"
            />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
