import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Code,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { PageError } from '../../../components/feedback/page-state';
import { Pager } from '../../../components/table/pager';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type OutboxMailRow, useGetOutboxMails, useGetOutboxSummary } from '../api/use-get-outbox';
import { useResendOutboxMail } from '../api/use-resend-outbox-mail';
import { formatInstant } from './units';

const PAGE_SIZE = 10;

/** The mail outbox: counts, the failed mails with their last error, and resend (five fresh attempts by the outbox job). */
export function OutboxPanel() {
  const t = useT();
  const locale = useLocale();
  const summary = useGetOutboxSummary();
  const [page, setPage] = useState(1);
  const mails = useGetOutboxMails({ status: 'FAILED', paginationInfo: { page, limit: PAGE_SIZE } });
  const resend = useResendOutboxMail();
  const [confirm, setConfirm] = useState<OutboxMailRow | null>(null);
  const s = summary.data?.getOutboxSummary;
  const list = mails.data?.getOutboxMails;
  const stat = (key: string, value: string, testId: string) => (
    <Stat.Root data-testid={testId}>
      <Stat.Label color="fg.muted">{t(`monitoring.outbox.${key}`)}</Stat.Label>
      <Stat.ValueText fontSize="xl">{value}</Stat.ValueText>
    </Stat.Root>
  );
  return (
    <Card.Root variant="outline" bg="bg" data-testid="outbox-panel">
      <Card.Header pb="0">
        <Heading size="md">{t('monitoring.outbox.title')}</Heading>
      </Card.Header>
      <Card.Body>
        {summary.error && !s ? (
          <PageError onRetry={() => void summary.mutate()} />
        ) : !s ? (
          <Center py="6">
            <Spinner />
          </Center>
        ) : (
          <>
            {!s.smtpConfigured && (
              <Alert.Root status="info" mb="4" borderRadius="md" data-testid="outbox-no-smtp">
                <Alert.Indicator />
                <Alert.Description>{t('monitoring.outbox.noSmtp')}</Alert.Description>
              </Alert.Root>
            )}
            <SimpleGrid columns={4} gap="4" mb="5">
              {stat('pending', formatNumber(s.pending, locale), 'outbox-pending')}
              {stat('failed', formatNumber(s.failed, locale), 'outbox-failed')}
              {stat('sentLastDay', formatNumber(s.sentLastDay, locale), 'outbox-sent')}
              {stat('oldestPending', formatInstant(s.oldestPendingAt, locale), 'outbox-oldest')}
            </SimpleGrid>
          </>
        )}
        <Text fontWeight="semibold" mb="2">
          {t('monitoring.outbox.failedMails')}
        </Text>
        {mails.error && !list ? (
          <PageError onRetry={() => void mails.mutate()} />
        ) : !list ? (
          <Center py="6">
            <Spinner />
          </Center>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="outbox-table" css={{ '& th': { fontSize: 'xs' } }}>
              <Table.Header>
                <Table.Row>
                  {['to', 'subject', 'createdAt', 'attempts', 'lastError', ''].map((c, i) => (
                    <Table.ColumnHeader key={c || i}>{c ? t(`monitoring.outbox.columns.${c}`) : ''}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.mails.map((mail) => (
                  <Table.Row key={mail.id} data-testid="outbox-row" data-id={mail.id}>
                    <Table.Cell>{mail.to}</Table.Cell>
                    <Table.Cell maxW="56">
                      <Text truncate title={mail.subject}>
                        {mail.subject}
                      </Text>
                      <Text fontSize="2xs" color="fg.subtle">
                        {mail.template} · {mail.locale}
                      </Text>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatInstant(mail.createdAt, locale)}</Table.Cell>
                    <Table.Cell>{formatNumber(mail.attempts, locale)}</Table.Cell>
                    <Table.Cell maxW="xs">
                      {mail.lastError ? (
                        <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="outbox-error">
                          {mail.lastError}
                        </Code>
                      ) : (
                        '–'
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="brand"
                        onClick={() => setConfirm(mail)}
                        data-testid="outbox-resend"
                      >
                        {t('monitoring.outbox.resend')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {list.mails.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={6}>
                      <Center py="6" color="fg.muted" data-testid="outbox-empty">
                        {t('monitoring.outbox.empty')}
                      </Center>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={list.pageInfo.total}
              onPageChange={setPage}
              testId="outbox-pager"
            />
          </Box>
        )}
        <ConfirmDialog
          open={confirm !== null}
          title={t('monitoring.outbox.resendTitle')}
          confirmLabel={t('monitoring.outbox.resend')}
          successMessage={t('monitoring.outbox.resent')}
          testId="resend-dialog"
          revalidates={['getOutboxMails', 'getOutboxSummary', 'getJobQueueSummary']}
          onConfirm={() => resend.trigger({ mailId: confirm!.id })}
          onClose={() => setConfirm(null)}
        >
          <Flex direction="column" gap="2">
            <Text>{t('monitoring.outbox.resendText', { to: confirm?.to ?? '' })}</Text>
            <HStack fontSize="sm" color="fg.muted">
              <Text>{confirm?.subject}</Text>
            </HStack>
          </Flex>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}
