import { Box, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Pager } from '../../../components/table/pager';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { AUDIT_PAGE_SIZE, useCleaningAuditTrail, type AuditEntry } from '../api/use-cleaning-audit-trail';

function what(
  entry: AuditEntry,
  t: (k: string, p?: Record<string, string | number>) => string,
  locale: 'de' | 'en',
): string {
  if (entry.action !== 'SAVE') return t(`worksheet.audit.actions.${entry.action}`, { recordId: entry.recordId ?? '' });
  const d = entry.detail
    ? (JSON.parse(entry.detail) as { kept?: number; removed?: number; method?: string; certificateCode?: string })
    : {};
  return t('worksheet.audit.saved', {
    kept: formatNumber(d.kept ?? 0, locale),
    removed: formatNumber(d.removed ?? 0, locale),
    method: d.method ? t(`worksheet.methods.${d.method}`) : '',
    code: d.certificateCode ?? '',
  });
}

/** Every saved cleaning and manual decision: who, when, why (newest first, paged). */
export function AuditTrail({ datafileId }: { datafileId: string }) {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const { data } = useCleaningAuditTrail(datafileId, page);
  const trail = data?.getCleaningAuditTrail;
  if (!trail) return null;
  if (trail.entries.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="audit-empty">
        {t('worksheet.audit.empty')}
      </Text>
    );
  return (
    <Box data-testid="audit-trail">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('worksheet.audit.when')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('worksheet.audit.who')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('worksheet.audit.what')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('worksheet.audit.why')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {trail.entries.map((e) => (
            <Table.Row key={e.id} data-action={e.action}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(e.at, locale)}</Table.Cell>
              <Table.Cell>{e.userName ?? '–'}</Table.Cell>
              <Table.Cell>{what(e, t, locale)}</Table.Cell>
              <Table.Cell>{e.reason ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        total={trail.pageInfo.total}
        onPageChange={setPage}
        testId="audit-pager"
      />
    </Box>
  );
}
