import { Input, NativeSelect } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { PlainTable } from '../data/protocol';
import { consistencySampleNeeded, explainColumns, type ResultDataPoint, type ScoreKind } from '../model/score-tabs';
import { markResultLoad } from '../data/load-marks';
import { DASH, explainCell, ScoreCell } from './cells';
import { InterviewTable, orderRows, type GridColumn, type SortState } from './interview-table';
import { ScoreHistogram } from './score-histogram';
import { useAfterPaint } from '../../../components/layout/use-after-paint';
import './score-tab.css';

export type ScoreFilter = { score: ScoreKind; min: string; max: string };

/** Careless-index columns the worker computed (careless.<grid>.<index>, careless.even_odd), labelled. */
function carelessColumns(
  careless: PlainTable | null,
  points: readonly ResultDataPoint[],
  t: ReturnType<typeof useT>,
  locale: ReturnType<typeof useLocale>,
): GridColumn[] {
  if (!careless) return [];
  const title = (id: string) => points.find((p) => p.dataPointIdentifier === id)?.questionTitle || id;
  return careless.fields.map((f) => {
    const m = /^careless\.(.+)\.(longstring|irv|mahad|mahad_flag)$/.exec(f.name);
    const label = m ? t(`results.careless.${m[2]}`, { grid: title(m[1]!) }) : t('results.careless.even_odd');
    const values = careless.numeric[f.name]!;
    const flag = m?.[2] === 'mahad_flag';
    return {
      key: f.name,
      label,
      width: '9rem',
      sortable: true,
      cell: (row: number) =>
        Number.isNaN(values[row]!)
          ? DASH
          : flag
            ? values[row] === 1
              ? t('results.yes')
              : t('results.no')
            : formatNumber(values[row]!, locale, Number.isInteger(values[row]!) ? 0 : 2),
    };
  });
}

/**
 * One score's tab: its distribution, then every interview with the score and what explains it,
 * sortable by any column with numbers and filtered by a range of any score.
 */
export function ScoreTab({
  kind,
  kinds,
  data,
  careless,
  points,
  onOpen,
}: {
  kind: ScoreKind;
  kinds: readonly ScoreKind[];
  data: PlainTable;
  careless: PlainTable | null;
  points: readonly ResultDataPoint[];
  onOpen: (row: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [sort, setSort] = useState<SortState>(null);
  const [filter, setFilter] = useState<ScoreFilter>({ score: kind, min: '', max: '' });
  useEffect(() => markResultLoad('table-committed'), []);
  // The histogram (its legend's Chakra elements, the chart theme read from the page's styles, uPlot)
  // mounts once the frame after the tab's rows is painted; its box holds the chart's height meanwhile.
  const histogramShown = useAfterPaint(true, { frames: 2 });
  const scores = data.numeric[kind]!;
  const recordIds = data.text.record_id;

  const columns = useMemo<GridColumn[]>(() => {
    const has = (name: string) => name in data.numeric;
    const explain = explainColumns(kind, points, has, t).map((c) => ({
      key: c.name,
      label: c.label,
      width: c.kind === 'category' || c.kind === 'gridLabel' ? '11rem' : '8rem',
      sortable: c.kind !== 'category' && c.kind !== 'gridLabel',
      cell: explainCell(c, data, locale, t),
    }));
    return [
      { key: '#', label: t('results.table.row'), width: '4.5rem', cell: (row) => formatNumber(row + 1, locale) },
      { key: 'record_id', label: t('results.table.recordId'), width: '9rem', cell: (row) => recordIds?.[row] ?? DASH },
      {
        key: kind,
        label: t(`results.kinds.${kind}`),
        width: '8rem',
        sortable: true,
        cell: (row) => <ScoreCell value={scores[row]!} kind={kind} />,
      },
      ...explain,
      ...carelessColumns(careless, points, t, locale),
    ];
  }, [kind, data, careless, points, t, locale, recordIds, scores]);

  const order = useMemo(() => {
    const min = filter.min.trim() === '' ? null : Number(filter.min.replace(',', '.'));
    const max = filter.max.trim() === '' ? null : Number(filter.max.replace(',', '.'));
    const by = data.numeric[filter.score];
    const keep =
      by && (min !== null || max !== null)
        ? (row: number) => {
            const v = by[row]!;
            return !Number.isNaN(v) && (min === null || v >= min) && (max === null || v <= max);
          }
        : null;
    const sortValues = sort ? (data.numeric[sort.key] ?? careless?.numeric[sort.key]) : null;
    return orderRows(data.rows, keep, sortValues ? (row) => sortValues[row]! : null, sort?.descending ?? false);
  }, [data, careless, filter, sort]);

  const onSort = (key: string) =>
    setSort((s) => (s?.key === key ? (s.descending ? null : { key, descending: true }) : { key, descending: false }));

  // A tab of dashes says nothing: when no interview has a CON, say what the score needs.
  const needed = kind === 'con' && !scores.some(Number.isFinite) ? consistencySampleNeeded(points) : null;

  return (
    // Plain elements on score-tab.css around Chakra's select and inputs: the tab's frame computes no styles when it renders.
    <div className="score-tab" data-testid={`score-tab-${kind}`}>
      {needed !== null && (
        <p className="score-tab-note" data-testid="con-missing">
          {t('results.conMissing', { needed: formatNumber(needed, locale), rows: formatNumber(data.rows, locale) })}
        </p>
      )}
      {kind === 'bas' && !scores.some(Number.isFinite) && (
        <p className="score-tab-note" data-testid="bas-missing">
          {t('results.basMissing')}
        </p>
      )}
      {histogramShown ? (
        <ScoreHistogram kind={kind} values={scores} />
      ) : (
        <div className="score-tab-histogram-pending" data-testid={`histogram-${kind}-pending`} />
      )}
      <div className="score-tab-filter">
        <p className="score-tab-muted">{t('results.filter.label')}</p>
        <NativeSelect.Root size="sm" width="14rem">
          <NativeSelect.Field
            aria-label={t('results.filter.score')}
            data-testid="filter-score"
            value={filter.score}
            onChange={(e) => {
              const score = e.currentTarget.value as ScoreKind;
              setFilter((f) => ({ ...f, score }));
            }}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`results.kinds.${k}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <div className="score-tab-range">
          <Input
            size="sm"
            width="6rem"
            inputMode="decimal"
            placeholder={t('results.filter.min')}
            aria-label={t('results.filter.min')}
            data-testid="filter-min"
            value={filter.min}
            onChange={(e) => {
              const min = e.currentTarget.value;
              setFilter((f) => ({ ...f, min }));
            }}
          />
          <p>–</p>
          <Input
            size="sm"
            width="6rem"
            inputMode="decimal"
            placeholder={t('results.filter.max')}
            aria-label={t('results.filter.max')}
            data-testid="filter-max"
            value={filter.max}
            onChange={(e) => {
              const max = e.currentTarget.value;
              setFilter((f) => ({ ...f, max }));
            }}
          />
        </div>
        <p className="score-tab-muted" data-testid="shown-count">
          {t('results.shown', { shown: formatNumber(order.length, locale), total: formatNumber(data.rows, locale) })}
        </p>
      </div>
      {order.length === 0 ? (
        <p className="score-tab-none" data-testid="no-interviews">
          {t('results.noneMatch')}
        </p>
      ) : (
        <InterviewTable
          order={order}
          columns={columns}
          sort={sort}
          onSort={onSort}
          onOpen={onOpen}
          label={t('results.table.label', { score: t(`results.kinds.${kind}`) })}
          testId="interview-table"
        />
      )}
    </div>
  );
}
