import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/format';
import { FigureSvg, formatShare, PALETTE, TextBox } from './figure-kit';

const ROWS = [
  ['1001', '1', '70', '30'],
  ['1002', '2', '40', '60'],
  ['1003', '1', '55', '45'],
  ['1004', '1', '65', '35'],
];

/** A projective question as respondents see it, and the three columns it becomes in the file. */
export function ProjectiveLayoutFigure({ label }: { label: string }) {
  const t = useT();
  const W = 900;
  const cols = [
    { key: 'id', w: 56, tone: PALETTE.grey },
    { key: 'choice', w: 116, tone: PALETTE.brand },
    { key: 'yes', w: 108, tone: PALETTE.green },
    { key: 'no', w: 112, tone: PALETTE.green },
  ];
  const tableX = 500;
  const xs = cols.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? tableX : acc[i - 1]! + cols[i - 1]!.w], []);
  const headerY = 100;
  const rowH = 27;
  return (
    <FigureSvg width={W} height={318} label={label} testId="figure-projective-layout">
      <rect x={8} y={8} width={420} height={302} rx={12} fill="#fff" stroke={PALETTE.line} strokeWidth={1.5} />
      <rect x={8} y={20} width={5} height={112} rx={2} fill={PALETTE.brand.stroke} />
      <rect x={8} y={144} width={5} height={130} rx={2} fill={PALETTE.green.stroke} />
      <TextBox x={24} y={16} width={390} height={48} align="left" size={15} weight={700}>
        {t('guides.figures.projectiveLayout.question')}
      </TextBox>
      {['optionYes', 'optionNo'].map((key, i) => (
        <g key={key}>
          <circle cx={34} cy={80 + i * 28} r={7} fill="#fff" stroke={PALETTE.muted} strokeWidth={1.5} />
          <text x={50} y={85 + i * 28} fontSize={14} fill={PALETTE.ink}>
            {t(`guides.figures.projectiveLayout.${key}`)}
          </text>
        </g>
      ))}
      <TextBox x={24} y={140} width={390} height={60} align="left" size={15} weight={700}>
        {t('guides.figures.projectiveLayout.prediction')}
      </TextBox>
      {['predictYes', 'predictNo'].map((key, i) => (
        <g key={key}>
          <text x={34} y={228 + i * 34} fontSize={14} fill={PALETTE.ink}>
            {t(`guides.figures.projectiveLayout.${key}`)}
          </text>
          <rect x={250} y={211 + i * 34} width={70} height={26} rx={4} fill="#fff" stroke={PALETTE.muted} />
          <text x={312} y={229 + i * 34} fontSize={14} fill={PALETTE.muted} textAnchor="end">
            %
          </text>
        </g>
      ))}
      <TextBox x={24} y={280} width={390} height={24} align="left" size={13} color={PALETTE.muted}>
        {t('guides.figures.projectiveLayout.sum')}
      </TextBox>
      {/* The file: one choice column and one prediction column per option. */}
      <TextBox
        x={xs[1]!}
        y={14}
        width={cols[1]!.w}
        height={80}
        size={13.5}
        weight={700}
        color={PALETTE.brand.text}
        valign="bottom"
      >
        {t('guides.figures.projectiveLayout.choiceColumn')}
      </TextBox>
      <TextBox
        x={xs[2]! + 10}
        y={14}
        width={cols[2]!.w + cols[3]!.w - 10}
        height={80}
        size={13.5}
        weight={700}
        color={PALETTE.green.text}
        valign="bottom"
      >
        {t('guides.figures.projectiveLayout.predictionColumns')}
      </TextBox>
      {cols.map((c, ci) => (
        <g key={c.key}>
          <rect x={xs[ci]} y={headerY} width={c.w} height={rowH} fill={c.tone.fill} stroke={PALETTE.line} />
          <text x={xs[ci]! + 6} y={headerY + 19} fontSize={13.5} fontWeight={700} fill={c.tone.text}>
            {t(`guides.figures.projectiveLayout.headers.${c.key}`)}
          </text>
          {ROWS.map((row, r) => (
            <g key={r}>
              <rect
                x={xs[ci]}
                y={headerY + rowH * (r + 1)}
                width={c.w}
                height={rowH}
                fill="#fff"
                stroke={PALETTE.line}
              />
              <text
                x={xs[ci]! + c.w - 8}
                y={headerY + rowH * (r + 1) + 19}
                fontSize={13.5}
                textAnchor="end"
                fill={PALETTE.ink}
              >
                {row[ci]}
              </text>
            </g>
          ))}
        </g>
      ))}
      {/* Colour links each part of the question to its columns: blue the own answer, green the estimates. */}
      <TextBox
        x={tableX}
        y={headerY + rowH * 5 + 10}
        width={W - tableX - 8}
        height={60}
        align="left"
        valign="top"
        size={13}
        color={PALETTE.muted}
      >
        {t('guides.figures.projectiveLayout.note')}
      </TextBox>
    </FigureSvg>
  );
}

/**
 * The worked example of tests/scoring/projective.test.ts (TV16): 24 of 30 respondents chose "yes"
 * (80 %), while the geometric mean of the predictions was 55.3 % for "yes" and 43.4 % for "no".
 * IS_k = 100 · x_k / (x_k + y_k) and SDS_k = 100 − IS_k.
 */
const EXAMPLE = [
  { key: 'yes', actual: 0.8, predicted: 0.5533 },
  { key: 'no', actual: 0.2, predicted: 0.4338 },
];

export function ProjectiveSharesFigure({ label }: { label: string }) {
  const t = useT();
  const locale = useLocale();
  const W = 900;
  const H = 336;
  const plot = { left: 56, right: 500, top: 24, bottom: 240 };
  const yOf = (share: number) => plot.bottom - share * (plot.bottom - plot.top);
  const groupW = (plot.right - plot.left) / EXAMPLE.length;
  const barW = 62;
  return (
    <FigureSvg width={W} height={H} label={label} testId="figure-projective-shares">
      {[0, 0.25, 0.5, 0.75, 1].map((v) => (
        <g key={v}>
          <line x1={plot.left} x2={plot.right} y1={yOf(v)} y2={yOf(v)} stroke={PALETTE.line} />
          <text x={plot.left - 8} y={yOf(v) + 4} fontSize={13} textAnchor="end" fill={PALETTE.muted}>
            {formatShare(v, locale)}
          </text>
        </g>
      ))}
      {EXAMPLE.map((o, i) => {
        const cx = plot.left + groupW * (i + 0.5);
        const is = (100 * o.actual) / (o.actual + o.predicted);
        const bars = [
          { share: o.actual, tone: PALETTE.brand, x: cx - barW - 4 },
          { share: o.predicted, tone: PALETTE.yellow, x: cx + 4 },
        ];
        return (
          <g key={o.key}>
            {bars.map((b, k) => (
              <g key={k}>
                <rect
                  x={b.x}
                  y={yOf(b.share)}
                  width={barW}
                  height={plot.bottom - yOf(b.share)}
                  fill={b.tone.fill}
                  stroke={b.tone.stroke}
                  strokeWidth={1.5}
                />
                <text
                  x={b.x + barW / 2}
                  y={yOf(b.share) - 6}
                  fontSize={13.5}
                  fontWeight={700}
                  textAnchor="middle"
                  fill={b.tone.text}
                >
                  {formatShare(b.share, locale)}
                </text>
              </g>
            ))}
            <text x={cx} y={plot.bottom + 20} fontSize={14} fontWeight={700} textAnchor="middle" fill={PALETTE.ink}>
              {t(`guides.figures.projectiveShares.${o.key}`)}
            </text>
            <text
              x={cx}
              y={plot.bottom + 40}
              fontSize={13.5}
              textAnchor="middle"
              fill={is >= 50 ? PALETTE.green.text : PALETTE.red.text}
            >
              {t('guides.figures.projectiveShares.scores', {
                is: formatNumber(is, locale, 1),
                sds: formatNumber(100 - is, locale, 1),
              })}
            </text>
          </g>
        );
      })}
      <rect
        x={plot.left}
        y={plot.bottom + 56}
        width={14}
        height={14}
        fill={PALETTE.brand.fill}
        stroke={PALETTE.brand.stroke}
      />
      <text x={plot.left + 20} y={plot.bottom + 68} fontSize={13.5} fill={PALETTE.ink}>
        {t('guides.figures.projectiveShares.actual')}
      </text>
      <rect
        x={plot.left}
        y={plot.bottom + 78}
        width={14}
        height={14}
        fill={PALETTE.yellow.fill}
        stroke={PALETTE.yellow.stroke}
      />
      <text x={plot.left + 20} y={plot.bottom + 90} fontSize={13.5} fill={PALETTE.ink}>
        {t('guides.figures.projectiveShares.predicted')}
      </text>
      <rect x={530} y={16} width={362} height={220} rx={10} fill={PALETTE.grey.fill} stroke={PALETTE.line} />
      <TextBox x={544} y={26} width={336} height={204} align="left" valign="top" size={14}>
        <p style={{ margin: 0, fontWeight: 700 }}>{t('guides.figures.projectiveShares.infoTitle')}</p>
        <p style={{ margin: '2px 0 10px' }}>{t('guides.figures.projectiveShares.infoText')}</p>
        <p style={{ margin: 0, fontWeight: 700 }}>{t('guides.figures.projectiveShares.sdsTitle')}</p>
        <p style={{ margin: '2px 0 0' }}>{t('guides.figures.projectiveShares.sdsText')}</p>
      </TextBox>
    </FigureSvg>
  );
}
