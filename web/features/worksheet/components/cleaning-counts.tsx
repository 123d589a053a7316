import { memo } from 'react';
import { REASONS, RULE_KEYS } from '../../../../scoring/index.ts';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

export interface CleaningCountsProps {
  rows: number;
  keptCount: number;
  /** Interviews per primary reason, in REASONS order (EngineResult.primaryCounts). */
  primaryCounts: readonly number[];
  /** Whether the revision has a score (reasons of scores it lacks, e.g. SDS without SDS items, are left out). */
  available: (key: string) => boolean;
}

/**
 * Kept and removed interviews and the removals by primary reason. Plain elements on the page's static
 * sheet (pages/worksheet-page.css): this renders with the first rows and on every slider step, so it
 * must cost well under a millisecond.
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
    <div data-testid="cleaning-counts" className="cleaning-counts">
      <div className="cleaning-counts-head">
        <p className="cleaning-counts-kept" data-testid="kept-count">
          {fmt(keptCount)}
        </p>
        <p className="cleaning-counts-muted">
          {t('worksheet.summary', { kept: fmt(keptCount), rows: fmt(rows), removed: fmt(rows - keptCount) })}
        </p>
      </div>
      <p className="cleaning-counts-title">{t('worksheet.countsTitle')}</p>
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
    </div>
  );
});
