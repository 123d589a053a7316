import { Table, Text } from '@chakra-ui/react';
import type { SourceRemoval } from '../../../scoring/index.ts';
import { formatNumber } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';

type Row = Pick<SourceRemoval, 'source' | 'interviews' | 'removed'> & {
  reasons: readonly { reason: string; count: number }[];
};

/**
 * Removal rates per sample source with their reasons (the result page, the worksheet and the
 * report show the same table), so a researcher sees which supplier delivered the bad interviews.
 * Numbers in the reader's locale; a sentence instead of a table when no interview had a source.
 */
export function SourceRemovalsTable({ rows, testId }: { rows: readonly Row[]; testId: string }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  if (rows.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-empty`}>
        {t('sources.none')}
      </Text>
    );
  return (
    <Table.Root size="sm" data-testid={testId}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('sources.source')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('sources.interviews')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('sources.removed')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('sources.reasons')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.source ?? ''} data-testid={`${testId}-row`}>
            <Table.Cell>{r.source ?? t('sources.noSource')}</Table.Cell>
            <Table.Cell textAlign="end">{n(r.interviews)}</Table.Cell>
            <Table.Cell textAlign="end">
              {n(r.removed)} (
              {r.interviews > 0 ? `${formatNumber((100 * r.removed) / r.interviews, locale, 1)} %` : '–'})
            </Table.Cell>
            <Table.Cell>
              {r.reasons.map((x) => `${t(`worksheet.reasons.${x.reason}`)} ${n(x.count)}`).join(' · ') || '–'}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
