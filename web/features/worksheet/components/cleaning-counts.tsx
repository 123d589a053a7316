import { Box, Flex, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { REASONS, RULE_KEYS } from '../../../../scoring/index.ts';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

const COUNTS_CSS = { '& li': { display: 'flex', justifyContent: 'space-between', gap: '4', py: '0.5' } } as const;

export interface CleaningCountsProps {
  rows: number;
  keptCount: number;
  /** Interviews per primary reason, in REASONS order (EngineResult.primaryCounts). */
  primaryCounts: readonly number[];
  /** Whether the revision has a score (reasons of scores it lacks, e.g. SDS without SDS items, are left out). */
  available: (key: string) => boolean;
}

/**
 * Kept and removed interviews and the removals by primary reason. Plain elements below one styled
 * box: this repaints on every slider step, so it must cost well under a millisecond.
 */
export const CleaningCounts = memo(function CleaningCounts({
  rows,
  keptCount,
  primaryCounts,
  available,
}: CleaningCountsProps) {
  const t = useT();
  const locale = useLocale();
  const fmt = (v: number) => formatNumber(v, locale);
  return (
    <Box data-testid="cleaning-counts" css={COUNTS_CSS}>
      <Flex gap="6" mb="3" align="baseline">
        <Text fontSize="2xl" fontWeight="semibold" data-testid="kept-count">
          {fmt(keptCount)}
        </Text>
        <Text color="fg.muted">
          {t('worksheet.summary', { kept: fmt(keptCount), rows: fmt(rows), removed: fmt(rows - keptCount) })}
        </Text>
      </Flex>
      <Text fontWeight="medium" mb="1">
        {t('worksheet.countsTitle')}
      </Text>
      <ul>
        {REASONS.map((reason, i) =>
          !(RULE_KEYS as readonly string[]).includes(reason.toLowerCase()) || available(reason.toLowerCase()) ? (
            <li key={reason} data-reason={reason}>
              <span>{t(`worksheet.reasons.${reason}`)}</span>
              <span>{fmt(primaryCounts[i] ?? 0)}</span>
            </li>
          ) : null,
        )}
      </ul>
    </Box>
  );
});
