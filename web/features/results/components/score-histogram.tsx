import { useMemo } from 'react';
import { barChart, UplotChart } from '../../../components/charts/uplot-chart';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { bandsOf, histogram, type ScoreKind } from '../model/score-tabs';

/**
 * The distribution of one score in 5-point bins, each bin in the colour of its band. The score tab
 * mounts it after the rows' frame, so it draws in the commit that mounts it (no blank box first).
 */
export function ScoreHistogram({ kind, values }: { kind: ScoreKind; values: Float64Array }) {
  const t = useT();
  const locale = useLocale();
  const spec = useMemo(() => {
    const bands = bandsOf(kind);
    const h = histogram(values, bands);
    const categories = h.edges.slice(0, -1).map((e, i) => `${e}–${i === h.edges.length - 2 ? 100 : e + 4}`);
    return barChart({
      categories,
      bars: bands.map((b, i) => ({
        label: t(`results.bands.${b.key}`, { from: b.from, to: b.to }),
        values: h.perBand[i]!,
        color: b.color,
      })),
      format: (v) => formatNumber(v, locale),
      categoryTitle: (i) => t('results.histogramBin', { range: categories[i]! }),
    });
  }, [kind, values, t, locale]);
  return (
    <UplotChart
      spec={spec}
      height={200}
      ariaLabel={t('results.histogramLabel', { score: t(`results.kinds.${kind}`) })}
      testId={`histogram-${kind}`}
    />
  );
}
