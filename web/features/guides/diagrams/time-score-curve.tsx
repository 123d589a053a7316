import { timeScoreOf } from '../../../../scoring/reference-core';
import { useLocale, useT } from '../../../lib/i18n';
import { FigureSvg, formatShare, PALETTE, TextBox } from './figure-kit';

const W = 900;
const H = 424;
const PLOT = { left: 64, right: W - 24, top: 24, bottom: H - 104 };
const R_MIN = 0.05;
const R_MAX = 20;

/** Share of the median on a logarithmic axis: 10 % and 1000 % are as far from the median. */
const xOf = (r: number) =>
  PLOT.left + ((Math.log(r) - Math.log(R_MIN)) / (Math.log(R_MAX) - Math.log(R_MIN))) * (PLOT.right - PLOT.left);
const yOf = (score: number) => PLOT.bottom - (score / 100) * (PLOT.bottom - PLOT.top);

const BANDS = [
  { from: 0, to: 40, tone: PALETTE.red },
  { from: 40, to: 60, tone: PALETTE.yellow },
  { from: 60, to: 80, tone: PALETTE.lightGreen },
  { from: 80, to: 100, tone: PALETTE.green },
];

/** The band edges of the time score, where the piecewise-linear curve bends. */
const TICKS = [0.1, 0.5, 0.8, 1, 2, 4, 10];

/**
 * The time score against the duration as a share of the median, drawn from the scoring core's own
 * mapping (scoring/reference-core.ts, the oracle the WASM kernel is tested against).
 */
export function TimeScoreCurveFigure({ label }: { label: string }) {
  const t = useT();
  const locale = useLocale();
  const steps = 400;
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const r = Math.exp(Math.log(R_MIN) + (i / steps) * (Math.log(R_MAX) - Math.log(R_MIN)));
    return `${xOf(r).toFixed(1)},${yOf(timeScoreOf(r)).toFixed(1)}`;
  });
  // Exact anchor points so the corners are sharp, not sampled.
  const anchors = TICKS.map((r) => ({ r, score: timeScoreOf(r) }));
  const curve = [
    ...points.map((p) => p.split(',').map(Number) as [number, number]),
    ...anchors.map((a) => [xOf(a.r), yOf(a.score)] as [number, number]),
  ]
    .sort((a, b) => a[0] - b[0])
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(' ');
  return (
    <FigureSvg width={W} height={H} label={label} testId="figure-time-score-curve">
      {BANDS.map((b) => (
        <rect
          key={b.from}
          x={PLOT.left}
          y={yOf(b.to)}
          width={PLOT.right - PLOT.left}
          height={yOf(b.from) - yOf(b.to)}
          fill={b.tone.fill}
        />
      ))}
      {[0, 20, 40, 60, 80, 100].map((v) => (
        <g key={v}>
          <line x1={PLOT.left} x2={PLOT.right} y1={yOf(v)} y2={yOf(v)} stroke="#ffffff" strokeWidth={1} />
          <text x={PLOT.left - 8} y={yOf(v) + 4} fontSize={13} fill={PALETTE.muted} textAnchor="end">
            {v}
          </text>
        </g>
      ))}
      {TICKS.map((r) => (
        <g key={r}>
          <line
            x1={xOf(r)}
            x2={xOf(r)}
            y1={PLOT.top}
            y2={PLOT.bottom}
            stroke={r === 1 ? PALETTE.ink : '#94a3b8'}
            strokeWidth={r === 1 ? 1.5 : 1}
            strokeDasharray={r === 1 ? undefined : '3 4'}
          />
          {/* 80 % and 100 % lie close together: 80 % goes one line lower. */}
          <text x={xOf(r)} y={PLOT.bottom + (r === 0.8 ? 34 : 18)} fontSize={13} fill={PALETTE.ink} textAnchor="middle">
            {formatShare(r, locale)}
          </text>
        </g>
      ))}
      <rect
        x={PLOT.left}
        y={PLOT.top}
        width={PLOT.right - PLOT.left}
        height={PLOT.bottom - PLOT.top}
        fill="none"
        stroke={PALETTE.line}
      />
      <polyline points={curve} fill="none" stroke={PALETTE.brand.stroke} strokeWidth={3} strokeLinejoin="round" />
      {anchors.map((a) => (
        <circle key={a.r} cx={xOf(a.r)} cy={yOf(a.score)} r={3.5} fill={PALETTE.brand.stroke} />
      ))}
      <text
        x={(PLOT.left + PLOT.right) / 2}
        y={PLOT.bottom + 56}
        fontSize={14}
        fontWeight={600}
        fill={PALETTE.ink}
        textAnchor="middle"
      >
        {t('guides.figures.timeScore.xAxis')}
      </text>
      <text
        transform={`translate(18 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)`}
        fontSize={14}
        fontWeight={600}
        fill={PALETTE.ink}
        textAnchor="middle"
      >
        {t('guides.figures.timeScore.yAxis')}
      </text>
      {/* Notes sit where the curve leaves room: top left, under the plateau, under the slow tail. */}
      <TextBox
        x={xOf(0.05) + 8}
        y={yOf(100) + 6}
        width={xOf(0.65) - xOf(0.05)}
        height={64}
        align="left"
        valign="top"
        size={14}
        color={PALETTE.red.text}
        weight={600}
      >
        {t('guides.figures.timeScore.tooFast')}
      </TextBox>
      <TextBox
        x={xOf(1) + 8}
        y={yOf(77)}
        width={xOf(4) - xOf(1) - 16}
        height={yOf(60) - yOf(77)}
        align="left"
        valign="top"
        size={14}
        color={PALETTE.green.text}
        weight={600}
      >
        {t('guides.figures.timeScore.median')}
      </TextBox>
      <TextBox
        x={xOf(4) + 8}
        y={yOf(46)}
        width={PLOT.right - xOf(4) - 14}
        height={yOf(18) - yOf(46)}
        align="left"
        valign="top"
        size={14}
        color={PALETTE.yellow.text}
        weight={600}
      >
        {t('guides.figures.timeScore.tooSlow')}
      </TextBox>
      <TextBox
        x={PLOT.left}
        y={PLOT.bottom + 64}
        width={PLOT.right - PLOT.left}
        height={38}
        align="center"
        size={13.5}
        color={PALETTE.muted}
      >
        {t('guides.figures.timeScore.note')}
      </TextBox>
    </FigureSvg>
  );
}
