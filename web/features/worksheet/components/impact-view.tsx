import { Box, Flex, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { REASONS, RULE_KEYS } from '../../../../scoring/index.ts';
import { barChart, UplotChart } from '../../../components/charts/uplot-chart';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { HISTOGRAM_BINS, type EngineResult } from '../engine/index.ts';

const pct = (v: number, locale: 'de' | 'en') => `${formatNumber(v * 100, locale, 1)} %`;

/**
 * What the cleaning does to the sample: the combined-score distribution before/after (kept plus
 * removed make the bar before), the average of each score before/after, the share each reason
 * removed, and the composition of a chosen grouping before/after against its quota targets. It is
 * painted from a deferred result, so the counts and the table of a slider step come first.
 */
export const ImpactView = memo(function ImpactView({
  result,
  groupings,
  groupBy,
  onGroupBy,
  available,
}: {
  result: EngineResult;
  groupings: readonly { name: string; labels: string[] }[];
  groupBy: string;
  onGroupBy: (name: string) => void;
  available: (key: string) => boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const fmt = (v: number) => formatNumber(v, locale);
  const spec = useMemo(() => {
    const { before, after } = result.histogram;
    const categories = Array.from(
      { length: HISTOGRAM_BINS },
      (_, i) => `${i * 10}–${i === HISTOGRAM_BINS - 1 ? 100 : i * 10 + 9}`,
    );
    return barChart({
      categories,
      bars: [
        { label: t('worksheet.impact.kept'), values: after, color: '#0f9f8f' },
        { label: t('worksheet.impact.removed'), values: before.map((b, i) => b - (after[i] ?? 0)), color: '#c2255c' },
      ],
      format: (v) => formatNumber(v, locale),
    });
  }, [result, t, locale]);
  const composition = result.composition;
  return (
    <Stack gap="4" data-testid="impact-view">
      <Box>
        <Text fontWeight="medium" mb="1">
          {t('worksheet.impact.distribution')}
        </Text>
        <UplotChart spec={spec} height={220} ariaLabel={t('worksheet.impact.distribution')} testId="impact-histogram" />
        <Text fontSize="xs" color="fg.muted">
          {t('worksheet.impact.noScore', {
            before: fmt(result.histogram.nullBefore),
            after: fmt(result.histogram.nullAfter),
          })}
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Box>
          <Text fontWeight="medium" mb="1">
            {t('worksheet.impact.averages')}
          </Text>
          <Table.Root size="sm" data-testid="impact-averages">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('worksheet.form.score')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('worksheet.impact.before')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('worksheet.impact.after')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {RULE_KEYS.filter(available).map((k) => {
                const a = result.averages[k];
                return (
                  <Table.Row key={k}>
                    <Table.Cell>{t(`worksheet.scoreNames.${k}`)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {a.before === null ? '–' : formatNumber(a.before, locale, 1)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{a.after === null ? '–' : formatNumber(a.after, locale, 1)}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
        <Box>
          <Text fontWeight="medium" mb="1">
            {t('worksheet.impact.share')}
          </Text>
          <Table.Root size="sm" data-testid="impact-share">
            <Table.Body>
              {REASONS.map((r, i) =>
                result.primaryCounts[i] ? (
                  <Table.Row key={r}>
                    <Table.Cell>{t(`worksheet.reasons.${r}`)}</Table.Cell>
                    <Table.Cell textAlign="end">{pct(result.removedShare[i] ?? 0, locale)}</Table.Cell>
                  </Table.Row>
                ) : null,
              )}
              <Table.Row fontWeight="semibold">
                <Table.Cell>{t('worksheet.impact.totalRemoved')}</Table.Cell>
                <Table.Cell textAlign="end">{pct(result.removedCount / Math.max(1, result.rows), locale)}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        </Box>
      </SimpleGrid>
      {groupings.length > 0 ? (
        <Box>
          <Flex gap="3" align="center" mb="1">
            <Text fontWeight="medium">{t('worksheet.impact.composition')}</Text>
            <NativeSelect.Root size="xs" w="14rem">
              <NativeSelect.Field
                value={groupBy}
                onChange={(e) => onGroupBy(e.currentTarget.value)}
                aria-label={t('worksheet.impact.groupBy')}
                data-testid="impact-group-by"
              >
                {groupings.map((g) => (
                  <option key={g.name} value={g.name}>
                    {g.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
          {composition ? (
            <Table.Root size="sm" data-testid="impact-composition">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{composition.grouping}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('worksheet.impact.before')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('worksheet.impact.after')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('worksheet.quota.target')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {composition.labels.map((label, c) => {
                  const target = composition.targets?.[c] ?? null;
                  const share = (n: number, total: number) => pct(n / Math.max(1, total), locale);
                  return (
                    <Table.Row key={label}>
                      <Table.Cell>{label}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {fmt(composition.before[c]!)} ({share(composition.before[c]!, result.rows)})
                      </Table.Cell>
                      <Table.Cell
                        textAlign="end"
                        color={target !== null && composition.after[c]! < target ? 'fg.error' : undefined}
                      >
                        {fmt(composition.after[c]!)} ({share(composition.after[c]!, result.keptCount)})
                      </Table.Cell>
                      <Table.Cell textAlign="end">{target === null ? '–' : fmt(target)}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
});
