import { useMemo } from 'react';
import { barChart, UplotChart } from '../../../components/charts/uplot-chart';
import { formatMonth, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { UsageStatsMonth } from '../api/use-get-usage-stats-by-month';
import type { StatsPageKind } from './stats-columns';

/** Live and manual imports per month as stacked bars, credits used as a line on the right-hand axis. */
export function StatsChart({ kind, months }: { kind: StatsPageKind; months: readonly UsageStatsMonth[] }) {
  const t = useT();
  const locale = useLocale();
  const spec = useMemo(() => {
    const format = (v: number) => formatNumber(v, locale);
    const live = months.map((m) => (kind === 'DATA_FILES' ? m.numberOfLiveDatafiles : m.numberOfLiveDataRecords));
    const manual = months.map((m) => (kind === 'DATA_FILES' ? m.numberOfManualDatafiles : m.numberOfManualDataRecords));
    return barChart({
      categories: months.map((m) => formatMonth(m.month, locale, 'short')),
      categoryTitle: (idx) => formatMonth(months[idx]?.month ?? '', locale),
      bars: [
        { label: t('stats.chart.live'), values: live },
        { label: t('stats.chart.manual'), values: manual },
      ],
      line: { label: t('stats.chart.creditsUsed'), values: months.map((m) => m.creditsUsed) },
      format,
    });
  }, [kind, months, locale, t]);
  const title = t(kind === 'DATA_FILES' ? 'stats.chart.dataFilesTitle' : 'stats.chart.dataRecordsTitle');
  const first = months[0]?.month ?? '';
  const last = months[months.length - 1]?.month ?? '';
  return (
    <UplotChart
      spec={spec}
      height={280}
      testId="stats-chart"
      ariaLabel={t('stats.chart.ariaLabel', { title, from: formatMonth(first, locale), to: formatMonth(last, locale) })}
    />
  );
}
