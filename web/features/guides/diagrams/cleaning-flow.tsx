import { useT } from '../../../lib/i18n';
import { ArrowMarker, FigureSvg, PALETTE, TextBox, type Tone } from './figure-kit';

const W = 900;
const BOX_W = 158;
const GAP = (W - 12 - 5 * BOX_W) / 4;
const BOX_Y = 84;
const BOX_H = 164;
const STEPS: { key: string; tone: Tone }[] = [
  { key: 'all', tone: PALETTE.grey },
  { key: 'rules', tone: PALETTE.brand },
  { key: 'quota', tone: PALETTE.brand },
  { key: 'target', tone: PALETTE.brand },
  { key: 'kept', tone: PALETTE.green },
];

const xOf = (i: number) => 6 + i * (BOX_W + GAP);

/** The order of cleaning (scoring/README.md, "Trimming details"): rules, then quota, then target size; manual wins. */
export function CleaningFlowFigure({ label }: { label: string }) {
  const t = useT();
  const removedY = BOX_Y + BOX_H + 48;
  return (
    <FigureSvg width={W} height={removedY + 76} label={label} testId="figure-cleaning-flow">
      <ArrowMarker id="cleaning-arrow" />
      <ArrowMarker id="cleaning-arrow-red" color={PALETTE.red.stroke} />
      <rect
        x={xOf(1)}
        y={8}
        width={xOf(3) + BOX_W - xOf(1)}
        height={50}
        rx={8}
        fill={PALETTE.yellow.fill}
        stroke={PALETTE.yellow.stroke}
        strokeWidth={1.5}
      />
      <TextBox
        x={xOf(1) + 10}
        y={8}
        width={xOf(3) + BOX_W - xOf(1) - 20}
        height={50}
        size={14}
        color={PALETTE.yellow.text}
      >
        <span>
          <b>{t('guides.figures.cleaning.manual.title')}</b> {t('guides.figures.cleaning.manual.text')}
        </span>
      </TextBox>
      {[1, 2, 3].map((i) => (
        <line
          key={`m${i}`}
          x1={xOf(i) + BOX_W / 2}
          x2={xOf(i) + BOX_W / 2}
          y1={60}
          y2={BOX_Y - 4}
          stroke={PALETTE.yellow.stroke}
          strokeWidth={1.5}
          strokeDasharray="4 3"
          markerEnd="url(#cleaning-arrow)"
        />
      ))}
      {STEPS.map((s, i) => (
        <g key={s.key}>
          <rect
            x={xOf(i)}
            y={BOX_Y}
            width={BOX_W}
            height={BOX_H}
            rx={10}
            fill={s.tone.fill}
            stroke={s.tone.stroke}
            strokeWidth={1.5}
          />
          <TextBox
            x={xOf(i) + 8}
            y={BOX_Y + 6}
            width={BOX_W - 16}
            height={26}
            size={15}
            weight={700}
            color={s.tone.text}
          >
            {t(`guides.figures.cleaning.${s.key}.title`)}
          </TextBox>
          <TextBox x={xOf(i) + 6} y={BOX_Y + 34} width={BOX_W - 12} height={BOX_H - 38} valign="top" size={13.5}>
            {t(`guides.figures.cleaning.${s.key}.text`)}
          </TextBox>
          {i < STEPS.length - 1 && (
            <line
              x1={xOf(i) + BOX_W + 2}
              x2={xOf(i + 1) - 4}
              y1={BOX_Y + BOX_H / 2}
              y2={BOX_Y + BOX_H / 2}
              stroke={PALETTE.muted}
              strokeWidth={2}
              markerEnd="url(#cleaning-arrow)"
            />
          )}
          {i >= 1 && i <= 3 && (
            <line
              x1={xOf(i) + BOX_W / 2}
              x2={xOf(i) + BOX_W / 2}
              y1={BOX_Y + BOX_H + 2}
              y2={removedY - 4}
              stroke={PALETTE.red.stroke}
              strokeWidth={2}
              markerEnd="url(#cleaning-arrow-red)"
            />
          )}
        </g>
      ))}
      <rect
        x={xOf(1)}
        y={removedY}
        width={xOf(3) + BOX_W - xOf(1)}
        height={70}
        rx={8}
        fill={PALETTE.red.fill}
        stroke={PALETTE.red.stroke}
        strokeWidth={1.5}
      />
      <TextBox
        x={xOf(1) + 10}
        y={removedY}
        width={xOf(3) + BOX_W - xOf(1) - 20}
        height={70}
        size={14}
        color={PALETTE.red.text}
      >
        <span>
          <b>{t('guides.figures.cleaning.removed.title')}</b> {t('guides.figures.cleaning.removed.text')}
        </span>
      </TextBox>
    </FigureSvg>
  );
}
