import { useT } from '../../../lib/i18n';
import { FigureSvg, PALETTE, TextBox, type Tone } from './figure-kit';

const W = 900;
const SCALE = { left: 210, right: W - 20 };
const xOf = (v: number) => SCALE.left + (v / 100) * (SCALE.right - SCALE.left);

type Segment = { from: number; to: number; tone: Tone; key: string };
type Row = { key: string; segments: Segment[] };

const EDGES = [0, 40, 60, 80, 100];
const TONES = [PALETTE.red, PALETTE.yellow, PALETTE.lightGreen, PALETTE.green];

/** The traffic light, the dashboard's benchmark bands and the OES suggestion, on one scale. */
const ROWS: Row[] = [
  {
    key: 'trafficLight',
    segments: TONES.map((tone, i) => ({
      from: EDGES[i]!,
      to: EDGES[i + 1]!,
      tone,
      key: ['red', 'yellow', 'lightGreen', 'green'][i]!,
    })),
  },
  {
    key: 'benchmark',
    segments: TONES.map((tone, i) => ({ from: EDGES[i]!, to: EDGES[i + 1]!, tone, key: `band${i + 1}` })),
  },
  {
    key: 'oes',
    segments: [
      { from: 0, to: 40, tone: PALETTE.red, key: 'remove' },
      { from: 40, to: 60, tone: PALETTE.yellow, key: 'shouldRemove' },
      { from: 60, to: 100, tone: PALETTE.green, key: 'stay' },
    ],
  },
];

const ROW_H = 52;
const ROW_GAP = 14;
const TOP = 12;

/** One scale of 0 to 100 with every band a reader meets, plus the default cleaning and certificate marks. */
export function ScoreBandsFigure({ label }: { label: string }) {
  const t = useT();
  const axisY = TOP + ROWS.length * (ROW_H + ROW_GAP) + 4;
  const marks = [
    { value: 60, key: 'cleaning', tone: PALETTE.red },
    { value: 70, key: 'certificate', tone: PALETTE.brand },
  ];
  return (
    <FigureSvg width={W} height={axisY + 74} label={label} testId="figure-score-bands">
      {ROWS.map((row, r) => {
        const y = TOP + r * (ROW_H + ROW_GAP);
        return (
          <g key={row.key}>
            <TextBox x={0} y={y} width={SCALE.left - 14} height={ROW_H} align="left" size={14.5} weight={700}>
              {t(`guides.figures.bands.rows.${row.key}`)}
            </TextBox>
            {row.segments.map((s) => (
              <g key={s.key}>
                <rect
                  x={xOf(s.from)}
                  y={y}
                  width={xOf(s.to) - xOf(s.from)}
                  height={ROW_H}
                  fill={s.tone.fill}
                  stroke={s.tone.stroke}
                  strokeWidth={1.5}
                />
                <TextBox
                  x={xOf(s.from) + 2}
                  y={y}
                  width={xOf(s.to) - xOf(s.from) - 4}
                  height={ROW_H}
                  size={14}
                  weight={600}
                  color={s.tone.text}
                >
                  {t(`guides.figures.bands.${row.key}.${s.key}`)}
                </TextBox>
              </g>
            ))}
          </g>
        );
      })}
      <line x1={xOf(0)} x2={xOf(100)} y1={axisY} y2={axisY} stroke={PALETTE.ink} />
      {[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((v) => (
        <g key={v}>
          <line x1={xOf(v)} x2={xOf(v)} y1={axisY} y2={axisY + 6} stroke={PALETTE.ink} />
          <text x={xOf(v)} y={axisY + 20} fontSize={13} textAnchor="middle" fill={PALETTE.ink}>
            {v}
          </text>
        </g>
      ))}
      {marks.map((m) => {
        // 60 is labelled to the left of its line and 70 to the right, so neither line crosses a label.
        const left = m.value === 60;
        return (
          <g key={m.key}>
            <line
              x1={xOf(m.value)}
              x2={xOf(m.value)}
              y1={TOP - 4}
              y2={axisY + 64}
              stroke={m.tone.stroke}
              strokeWidth={2}
              strokeDasharray="6 4"
            />
            <TextBox
              x={left ? SCALE.left - 40 : xOf(m.value) + 8}
              y={axisY + 28}
              width={left ? xOf(m.value) - SCALE.left + 32 : SCALE.right - xOf(m.value) - 8}
              height={40}
              align="left"
              size={13.5}
              weight={600}
              color={m.tone.text}
            >
              <span style={{ alignSelf: left ? 'flex-end' : 'flex-start', textAlign: left ? 'right' : 'left' }}>
                {t(`guides.figures.bands.marks.${m.key}`)}
              </span>
            </TextBox>
          </g>
        );
      })}
    </FigureSvg>
  );
}
