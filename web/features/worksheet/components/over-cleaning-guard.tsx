import { Table, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { CheckGuard } from '../../../../scoring/index.ts';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

/** Above this estimated share of genuine respondents removed, a rule is marked as over-cleaning. */
export const GUARD_WARN = 0.01;

/** Whether a rule is marked: its estimate is above the mark and it removes alone (the OR rule, k = 1). */
const overCleans = (g: CheckGuard, minFailing: number) =>
  minFailing <= 1 && (g.falsePositiveEstimate ?? 0) > GUARD_WARN;

/**
 * The over-cleaning guard below the rules (a fieldset of the settings form): per enabled check, how many interviews it removes alone
 * and its estimated false-positive rate on this dataset (scoring/cleaning-guard.ts). A rule whose
 * estimate exceeds 1 % is marked under the OR rule; with k of n (k >= 2) no check removes anything alone,
 * so nothing is marked.
 */
export const OverCleaningGuard = memo(function OverCleaningGuard({
  guard,
  minFailing,
}: {
  guard: readonly CheckGuard[];
  minFailing: number;
}) {
  const t = useT();
  const locale = useLocale();
  const rows = guard.filter((g) => g.enabled);
  const name = (g: CheckGuard) =>
    g.check === 'badAnswers' ? t('worksheet.guard.badAnswers') : t(`worksheet.scoreNames.${g.check}`);
  // With k >= 2 no rule removes anything alone: the warning is about the usual rule only.
  const high = rows.filter((g) => overCleans(g, minFailing));
  return (
    <fieldset data-testid="over-cleaning-guard">
      <legend>{t('worksheet.guard.title')}</legend>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="guard-empty">
          {t('worksheet.guard.none')}
        </Text>
      ) : (
        <Table.Root size="sm" variant="line">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('worksheet.guard.check')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('worksheet.guard.flagged')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('worksheet.guard.alone')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('worksheet.guard.estimate')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((g) => {
              const warn = overCleans(g, minFailing);
              return (
                <Table.Row key={g.check} data-check={g.check} data-warn={warn ? 'true' : 'false'}>
                  <Table.Cell>{name(g)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(g.flagged, locale)}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid={`guard-alone-${g.check}`}>
                    {formatNumber(minFailing > 1 ? 0 : g.alone, locale)}
                  </Table.Cell>
                  <Table.Cell
                    textAlign="end"
                    color={warn ? 'fg.error' : undefined}
                    fontWeight={warn ? 'semibold' : undefined}
                    data-testid={`guard-estimate-${g.check}`}
                  >
                    {g.falsePositiveEstimate === null
                      ? '–'
                      : `${formatNumber(g.falsePositiveEstimate * 100, locale, 1)} %`}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
      {high.length ? (
        <Text fontSize="sm" color="fg.error" mt="1" data-testid="guard-warning">
          {t('worksheet.guard.warning', { rules: high.map(name).join(', ') })}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted" mt="1">
        {minFailing > 1 ? t('worksheet.guard.kOfNNote', { k: minFailing }) : t('worksheet.guard.note')}
      </Text>
    </fieldset>
  );
});

/**
 * The guard's figures of one rule on the rule's own line, so moving a threshold shows at once what
 * that rule removes alone and how many genuine respondents it may cost (the table below says the rest).
 */
export const GuardLine = memo(function GuardLine({ g, minFailing }: { g?: CheckGuard; minFailing: number }) {
  const t = useT();
  const locale = useLocale();
  if (!g?.enabled) return null;
  const warn = overCleans(g, minFailing);
  const estimate =
    g.falsePositiveEstimate === null ? '–' : `${formatNumber(g.falsePositiveEstimate * 100, locale, 1)} %`;
  return (
    <Text
      fontSize="xs"
      gridColumn="2 / -1"
      color={warn ? 'fg.error' : 'fg.muted'}
      data-testid={`guard-line-${g.check}`}
      data-warn={warn ? 'true' : 'false'}
    >
      {t('worksheet.guard.line', { alone: formatNumber(minFailing > 1 ? 0 : g.alone, locale), estimate })}
    </Text>
  );
});
