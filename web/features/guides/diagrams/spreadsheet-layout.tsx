import { useT } from '../../../lib/i18n';
import { BATTERY_ROWS } from './figure-data';
import { FigureSvg, PALETTE, TextBox, type Tone } from './figure-kit';

type ColumnType = 'id' | 'duration' | 'battery' | 'open' | 'projective' | 'grouping' | 'ignore';

const TYPE_TONE: Record<ColumnType, Tone> = {
  id: { fill: '#efe7fb', stroke: '#6b46c1', text: '#553c9a' },
  duration: { fill: '#dff3f6', stroke: '#0b7285', text: '#0b5866' },
  battery: PALETTE.brand,
  open: { fill: '#ffedd9', stroke: '#c26100', text: '#8a4500' },
  projective: PALETTE.green,
  grouping: { fill: '#fde4ee', stroke: '#b8265a', text: '#8f1d46' },
  ignore: PALETTE.grey,
};

type Column = { type: ColumnType; header: string; width: number; cells: readonly string[] | 'localised' };

/** Example cells; the cells that are words (open answers, regions) come from the locales. */
const COLUMNS: Column[] = [
  { type: 'id', header: 'id', width: 74, cells: ['1001', '1002', '1003', '1004', '1005'] },
  { type: 'duration', header: 'duration', width: 80, cells: ['612', '75', '540', '-999', '698'] },
  ...Array.from({ length: 7 }, (_, j): Column => ({
    type: 'battery',
    header: `q5_${j + 1}`,
    width: 42,
    cells: BATTERY_ROWS.map((r) => String(r[j])),
  })),
  { type: 'open', header: 'open', width: 150, cells: 'localised' },
  { type: 'projective', header: 'choice', width: 62, cells: ['1', '2', '1', '1', '2'] },
  { type: 'projective', header: 'prediction', width: 74, cells: ['60', '35', '70', '55', '40'] },
  { type: 'grouping', header: 'region', width: 92, cells: 'localised' },
  { type: 'ignore', header: 'source', width: 80, cells: ['A17', 'B03', 'A17', 'C11', 'B03'] },
];

/** The sheet (936 wide), then a margin for the markers of whole rows. */
const W = 980;

/** A numbered marker on the drawing; the legend under the sheet explains each number. */
function Badge({ n, x, y, color }: { n: number; x: number; y: number; color: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={10} fill={color} stroke="#fff" strokeWidth={1.5} />
      <text x={x} y={y + 4.5} fontSize={12.5} fontWeight={700} fill="#fff" textAnchor="middle">
        {n}
      </text>
    </g>
  );
}

/** Marker 1 sits in its cell; the markers of whole rows sit in the margin right of the sheet. */
const MARKS: { n: number; row: number; color: string; x: (durationX: number, right: number) => number }[] = [
  { n: 1, row: 5, color: PALETTE.red.stroke, x: (durationX) => durationX + 12 },
  { n: 2, row: 3, color: PALETTE.red.stroke, x: (_d, right) => right + 16 },
  { n: 3, row: 5, color: PALETTE.yellow.stroke, x: (_d, right) => right + 16 },
  { n: 4, row: 1, color: PALETTE.ink, x: (_d, right) => right + 16 },
];
const NOTES: { key: string; label?: string; color: string }[] = [
  { key: 'missing', color: PALETTE.red.text },
  { key: 'straightliner', label: 'straightlinerLabel', color: PALETTE.red.text },
  { key: 'pattern', label: 'patternLabel', color: PALETTE.yellow.text },
  { key: 'rows', color: PALETTE.ink },
];
const LEFT = 30;
const TOP = 60;
const ROW_H = 27;
const ROWS = 6;

/** Column x positions and the spans of each type (adjacent columns of one type share a label). */
function layout() {
  const xs: number[] = [];
  let x = LEFT;
  for (const c of COLUMNS) {
    xs.push(x);
    x += c.width;
  }
  const spans: { type: ColumnType; x: number; width: number }[] = [];
  COLUMNS.forEach((c, i) => {
    const last = spans[spans.length - 1];
    if (last && last.type === c.type) last.width += c.width;
    else spans.push({ type: c.type, x: xs[i]!, width: c.width });
  });
  return { xs, spans, right: x };
}

/** A spreadsheet ready for upload: header row 1, data from row 2, each column marked with its type. */
export function SpreadsheetLayoutFigure({ label }: { label: string }) {
  const t = useT();
  const { xs, spans, right } = layout();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const cellText = (column: Column, ci: number, row: number): string => {
    if (column.cells !== 'localised') return column.cells[row]!;
    return t(`guides.figures.sheet.${column.type === 'open' ? 'answers' : 'regions'}.${row}`);
  };
  const gridBottom = TOP + ROW_H * (ROWS + 1);
  const battery = spans.find((s) => s.type === 'battery')!;
  const durationX = xs[1]!;
  return (
    <FigureSvg
      width={W}
      height={TOP + 7 * ROW_H + 24 + NOTES.length * 30}
      label={label}
      testId="figure-spreadsheet-layout"
    >
      {spans.map((s) => (
        <g key={`${s.type}-${s.x}`}>
          <TextBox
            x={s.x + 1}
            y={0}
            width={s.width - 2}
            height={48}
            size={12.5}
            weight={700}
            color={TYPE_TONE[s.type].text}
          >
            {t(`guides.figures.sheet.types.${s.type}`)}
          </TextBox>
          <path
            d={`M${s.x + 3} ${TOP - 5} v-5 h${s.width - 6} v5`}
            fill="none"
            stroke={TYPE_TONE[s.type].stroke}
            strokeWidth={2}
          />
        </g>
      ))}
      {/* Column letters and row numbers, as a spreadsheet shows them. */}
      <rect x={0} y={TOP} width={right} height={ROW_H} fill="#f4f6f8" stroke={PALETTE.line} />
      {COLUMNS.map((c, i) => (
        <text
          key={`letter-${i}`}
          x={xs[i]! + c.width / 2}
          y={TOP + 18}
          fontSize={12.5}
          fill={PALETTE.muted}
          textAnchor="middle"
        >
          {letters[i]}
        </text>
      ))}
      {Array.from({ length: ROWS }, (_, r) => (
        <g key={`row-${r}`}>
          <rect x={0} y={TOP + ROW_H * (r + 1)} width={LEFT} height={ROW_H} fill="#f4f6f8" stroke={PALETTE.line} />
          <text x={LEFT / 2} y={TOP + ROW_H * (r + 1) + 18} fontSize={12.5} fill={PALETTE.muted} textAnchor="middle">
            {r + 1}
          </text>
        </g>
      ))}
      {COLUMNS.map((c, ci) => {
        const tone = TYPE_TONE[c.type];
        return (
          <g key={`col-${ci}`}>
            <rect x={xs[ci]} y={TOP + ROW_H} width={c.width} height={ROW_H} fill={tone.fill} stroke={PALETTE.line} />
            <text
              x={c.type === 'battery' ? xs[ci]! + c.width / 2 : xs[ci]! + 5}
              y={TOP + ROW_H + 18}
              fontSize={c.type === 'battery' ? 12 : 13}
              fontWeight={700}
              fill={tone.text}
              textAnchor={c.type === 'battery' ? 'middle' : 'start'}
            >
              {c.type === 'battery' ? c.header : t(`guides.figures.sheet.headers.${c.header}`)}
            </text>
            {Array.from({ length: ROWS - 1 }, (_, r) => {
              const y = TOP + ROW_H * (r + 2);
              const text = cellText(c, ci, r);
              const numeric = c.type !== 'open' && c.type !== 'grouping';
              return (
                <g key={r}>
                  <rect x={xs[ci]} y={y} width={c.width} height={ROW_H} fill="#fff" stroke={PALETTE.line} />
                  <text
                    x={numeric ? xs[ci]! + c.width - 6 : xs[ci]! + 5}
                    y={y + 18}
                    fontSize={13}
                    fill={text === '-999' ? PALETTE.red.text : PALETTE.ink}
                    textAnchor={numeric ? 'end' : 'start'}
                    fontWeight={text === '-999' ? 700 : 400}
                  >
                    {text}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
      {/* The header row and the first data row: the two numbers upload step 1 asks for. */}
      <rect
        x={1}
        y={TOP + ROW_H + 1}
        width={right - 2}
        height={ROW_H - 2}
        fill="none"
        stroke={PALETTE.ink}
        strokeWidth={1.5}
      />
      {/* Marks on the missing value, the straightliner and the pattern, explained in the numbered legend below. */}
      <rect
        x={durationX + 2}
        y={TOP + ROW_H * 5 + 2}
        width={COLUMNS[1]!.width - 4}
        height={ROW_H - 4}
        rx={4}
        fill="none"
        stroke={PALETTE.red.stroke}
        strokeWidth={2}
      />
      <rect
        x={battery.x + 2}
        y={TOP + ROW_H * 3 + 2}
        width={battery.width - 4}
        height={ROW_H - 4}
        rx={4}
        fill="none"
        stroke={PALETTE.red.stroke}
        strokeWidth={2}
        strokeDasharray="5 3"
      />
      <rect
        x={battery.x + 2}
        y={TOP + ROW_H * 5 + 2}
        width={battery.width - 4}
        height={ROW_H - 4}
        rx={4}
        fill="none"
        stroke={PALETTE.yellow.stroke}
        strokeWidth={2}
        strokeDasharray="5 3"
      />
      {MARKS.map((mark) => (
        <Badge
          key={mark.n}
          n={mark.n}
          x={mark.x(durationX, right)}
          y={TOP + ROW_H * mark.row + ROW_H / 2}
          color={mark.color}
        />
      ))}
      {NOTES.map((note, i) => (
        <g key={note.key}>
          <Badge n={i + 1} x={12} y={gridBottom + 26 + i * 30} color={note.color} />
          <TextBox x={30} y={gridBottom + 12 + i * 30} width={W - 34} height={28} align="left" size={14}>
            {note.label ? (
              <span>
                <b style={{ color: note.color }}>{t(`guides.figures.sheet.notes.${note.label}`)}</b>{' '}
                {t(`guides.figures.sheet.notes.${note.key}`)}
              </span>
            ) : (
              t(`guides.figures.sheet.notes.${note.key}`)
            )}
          </TextBox>
        </g>
      ))}
    </FigureSvg>
  );
}
