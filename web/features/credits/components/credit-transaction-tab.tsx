import {
  Badge,
  Box,
  Card,
  Center,
  Checkbox,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { RadialChart } from '../../../components/charts/radial-chart';
import { Pager } from '../../../components/table/pager';
import { InfoIcon } from '../../../components/icons/icons';
import { balancePercent, formatEuroCents } from '../../../lib/calendar';
import { transactionDescription } from '../../../../db/domain/transaction-description';
import { formatDate, formatNumber } from '../../../lib/format';
import { refusalOf } from '../../../lib/graphql-client';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { useGetCompanyCreditSummary } from '../api/use-get-company-credit-summary';
import {
  type TransactionType,
  useGetCompanyTransactionsGroupedByDatafile,
} from '../api/use-get-company-transactions-grouped-by-datafile';

/** Transactions per page. */
export const TRANSACTIONS_PAGE_SIZE = 8;
const TYPES: TransactionType[] = ['RECEIVED', 'USED', 'EXPIRED', 'REFUND'];
const TYPE_PALETTE: Record<TransactionType, string> = {
  RECEIVED: 'green',
  REFUND: 'green',
  USED: 'red',
  EXPIRED: 'gray',
};

export function WalletCard({ companyId }: { companyId: string }) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const { data, error } = useGetCompanyCreditSummary(companyId);
  const summary = data?.getCompanyCreditSummary;
  return (
    <Card.Root variant="outline" data-testid="wallet-card">
      <Card.Header>
        <Heading size="md">{t('credits.wallet.title')}</Heading>
      </Card.Header>
      <Card.Body>
        {error ? (
          <Text color="red.600" data-testid="wallet-card-error">
            {translateRefusal(refusalOf(error))}
          </Text>
        ) : !summary ? (
          <Center>
            <Spinner />
          </Center>
        ) : (
          <Stack gap="4">
            <HStack gap="6">
              <RadialChart
                percent={balancePercent(summary.activeCreditPlanBalance, summary.activeCreditPlanReceived)}
                size={130}
                testId="wallet-card-chart"
              />
              <Stack gap="1">
                <Text>
                  {t('credits.wallet.balance')}:{' '}
                  <b data-testid="wallet-card-balance">{formatNumber(summary.activeCreditPlanBalance, locale)}</b>
                </Text>
                <Text>
                  {t('credits.wallet.received')}: <b>{formatNumber(summary.activeCreditPlanReceived, locale)}</b>
                </Text>
              </Stack>
            </HStack>
            {/* Where every credit received went: the lines add up (received - used + refunded - expired = left). */}
            <Table.Root size="sm" variant="line" maxW="md" data-testid="wallet-card-totals">
              <Table.Body>
                {(
                  [
                    ['totalReceived', summary.totalReceived, ''],
                    ['totalUsed', summary.totalUsed, '−'],
                    ['totalRefunded', summary.totalRefunded, '+'],
                    ['totalExpired', summary.totalExpired, '−'],
                    ['totalBalance', summary.totalBalance, '='],
                  ] as const
                ).map(([key, value, sign]) => (
                  <Table.Row key={key} data-testid={`wallet-card-${key}`}>
                    <Table.Cell ps="0" color="fg.muted" w="4">
                      {sign}
                    </Table.Cell>
                    <Table.Cell ps="0" fontWeight={key === 'totalBalance' ? 'semibold' : undefined}>
                      {t(`credits.wallet.${key}`)}
                    </Table.Cell>
                    <Table.Cell pe="0" textAlign="end" fontWeight={key === 'totalBalance' ? 'semibold' : undefined}>
                      {formatNumber(value, locale)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {summary.pricePerCreditForPayAsUsage > 0 && (
              <Stack gap="1" borderTopWidth="1px" pt="3" data-testid="wallet-card-pay-as-usage">
                <Badge colorPalette="purple" alignSelf="flex-start">
                  {t('credits.payAsUsage')}
                </Badge>
                <Text>
                  {t('credits.wallet.usage')}: <b>{formatNumber(summary.activePayAsUsageCreditPlanReceived, locale)}</b>
                </Text>
                <Text>
                  {t('credits.wallet.invoiceAmount')}:{' '}
                  <b>
                    {formatEuroCents(
                      summary.activePayAsUsageCreditPlanReceived * summary.pricePerCreditForPayAsUsage,
                      locale,
                    )}
                  </b>
                </Text>
              </Stack>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function TransactionsCard({ companyId }: { companyId: string }) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [types, setTypes] = useState<TransactionType[]>(TYPES);
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetCompanyTransactionsGroupedByDatafile({
    companyId,
    search: deferredSearch || null,
    types,
    page: { page, limit: TRANSACTIONS_PAGE_SIZE },
  });
  const result = data?.getCompanyTransactionsGroupedByDatafile;
  const toggle = (type: TransactionType, on: boolean) => {
    setTypes(on ? TYPES.filter((x) => x === type || types.includes(x)) : types.filter((x) => x !== type));
    setPage(1);
  };
  return (
    <Card.Root variant="outline" data-testid="transactions-card">
      <Card.Header>
        <Heading size="md">{t('credits.transactions.title')}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Input
            maxW="xs"
            size="sm"
            placeholder={t('credits.transactions.search')}
            value={search}
            data-testid="transactions-search"
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <HStack gap="4">
            {TYPES.map((type) => (
              <Checkbox.Root
                key={type}
                size="sm"
                checked={types.includes(type)}
                onCheckedChange={(d) => toggle(type, d.checked === true)}
                data-testid={`transactions-filter-${type}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`credits.transactions.filters.${type}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </HStack>
        {error ? (
          <Center py="10" data-testid="transactions-error">
            <Text color="red.600">{translateRefusal(refusalOf(error))}</Text>
          </Center>
        ) : isLoading && !result ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : !result || result.transactions.length === 0 || types.length === 0 ? (
          <Center py="10" data-testid="transactions-empty">
            <Text color="fg.muted">{t('credits.transactions.empty')}</Text>
          </Center>
        ) : (
          <>
            <Table.Root size="sm" data-testid="transactions-table" key={types.join(',')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('credits.transactions.columns.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.transactions.columns.description')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('credits.transactions.columns.amount')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.transactions.columns.creditPlan')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('credits.transactions.columns.updates')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.transactions.columns.lastUpdate')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credits.transactions.columns.type')}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.transactions.map((row) => {
                  const used = row.type === 'USED';
                  return (
                    <Table.Row
                      key={`${row.transactionId}-${row.type}`}
                      data-testid="transaction-row"
                      data-type={row.type}
                    >
                      <Table.Cell>{formatDate(row.createdDate, locale)}</Table.Cell>
                      <Table.Cell maxW="64" truncate>
                        {row.datafileDeleted && (
                          <Badge
                            me="2"
                            size="sm"
                            variant="outline"
                            title={t('credits.transactions.deletedHint')}
                            data-testid="transaction-deleted"
                          >
                            {t('credits.transactions.deleted')}
                          </Badge>
                        )}
                        {transactionDescription(row.description, t)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatNumber(row.amount, locale)}</Table.Cell>
                      <Table.Cell>{row.creditPlanDetails?.name ?? '-'}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {used ? formatNumber(row.numberOfUpdates ?? 0, locale) : '-'}
                      </Table.Cell>
                      <Table.Cell>{used ? formatDate(row.latestTransactionDate, locale) : '-'}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={TYPE_PALETTE[row.type]}>
                          {t(`credits.transactions.types.${row.type}`)}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>
                        <Tooltip.Root>
                          <Tooltip.Trigger asChild>
                            <Box
                              as="span"
                              color="fg.muted"
                              display="inline-flex"
                              aria-label={t('credits.transactions.info')}
                            >
                              <InfoIcon />
                            </Box>
                          </Tooltip.Trigger>
                          <Tooltip.Positioner>
                            <Tooltip.Content>
                              {row.numberOfRecords !== null
                                ? t('credits.transactions.records', { count: row.numberOfRecords })
                                : transactionDescription(row.description, t)}
                            </Tooltip.Content>
                          </Tooltip.Positioner>
                        </Tooltip.Root>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
            <Pager
              page={page}
              pageSize={TRANSACTIONS_PAGE_SIZE}
              total={result.pageInfo.total}
              onPageChange={setPage}
              testId="transactions-pager"
            />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function CreditTransactionTab({ companyId }: { companyId: string }) {
  return (
    <Stack gap="6" data-testid="credit-transaction-tab">
      <WalletCard companyId={companyId} />
      <TransactionsCard companyId={companyId} />
    </Stack>
  );
}
