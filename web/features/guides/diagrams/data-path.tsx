import { useT } from '../../../lib/i18n';
import { ArrowMarker, FigureSvg, PALETTE, TextBox, type Tone } from './figure-kit';

const STEPS = ['file', 'settings', 'columns', 'confirm', 'scoring', 'results', 'cleaning', 'certificate'] as const;

const W = 900;
const BOX_W = 195;
const BOX_H = 136;
const GAP = (W - 20 - 4 * BOX_W) / 3;
const ROW_Y = [34, 232];

/** Where step i sits: the first row left to right, the second right to left (a snake, numbered). */
function place(i: number): { x: number; y: number } {
  const row = i < 4 ? 0 : 1;
  const col = row === 0 ? i : 7 - i;
  return { x: 10 + col * (BOX_W + GAP), y: ROW_Y[row]! };
}

function tone(i: number): Tone {
  if (i === 0) return PALETTE.grey;
  if (i < 4) return PALETTE.brand;
  return i === 7 ? PALETTE.green : PALETTE.lightGreen;
}

/** From a survey file to a certificate: the upload steps, scoring, results, cleaning and the report. */
export function DataPathFigure({ label }: { label: string }) {
  const t = useT();
  const arrows = STEPS.slice(1).map((_, k) => {
    const a = place(k);
    const b = place(k + 1);
    if (a.y === b.y) {
      const leftToRight = b.x > a.x;
      const y = a.y + BOX_H / 2;
      return leftToRight
        ? { x1: a.x + BOX_W + 3, y1: y, x2: b.x - 5, y2: y }
        : { x1: a.x - 3, y1: y, x2: b.x + BOX_W + 5, y2: y };
    }
    return { x1: a.x + BOX_W / 2, y1: a.y + BOX_H + 3, x2: b.x + BOX_W / 2, y2: b.y - 5 };
  });
  return (
    <FigureSvg width={W} height={378} label={label} testId="figure-data-path">
      <ArrowMarker id="data-path-arrow" />
      <text x={10} y={20} fontSize={14} fontWeight={600} fill={PALETTE.muted}>
        {t('guides.figures.dataPath.upload')}
      </text>
      <text x={10} y={218} fontSize={14} fontWeight={600} fill={PALETTE.muted}>
        {t('guides.figures.dataPath.after')}
      </text>
      {arrows.map((a, k) => (
        <line key={k} {...a} stroke={PALETTE.muted} strokeWidth={2} markerEnd="url(#data-path-arrow)" />
      ))}
      {STEPS.map((step, i) => {
        const { x, y } = place(i);
        const c = tone(i);
        return (
          <g key={step}>
            <rect x={x} y={y} width={BOX_W} height={BOX_H} rx={10} fill={c.fill} stroke={c.stroke} strokeWidth={1.5} />
            <circle cx={x + 18} cy={y + 19} r={12} fill={c.stroke} />
            <text x={x + 18} y={y + 23.5} fontSize={13} fontWeight={700} fill="#fff" textAnchor="middle">
              {i + 1}
            </text>
            <TextBox
              x={x + 36}
              y={y + 2}
              width={BOX_W - 42}
              height={38}
              align="left"
              size={15}
              weight={700}
              color={c.text}
            >
              {t(`guides.figures.dataPath.${step}.title`)}
            </TextBox>
            <TextBox
              x={x + 10}
              y={y + 44}
              width={BOX_W - 18}
              height={BOX_H - 48}
              align="left"
              valign="top"
              size={14}
              color={PALETTE.ink}
            >
              {t(`guides.figures.dataPath.${step}.text`)}
            </TextBox>
          </g>
        );
      })}
    </FigureSvg>
  );
}
