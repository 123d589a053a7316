// Paradata for a demo survey: the behaviour measures a survey tool would export beside its first
// open question (as the live snippet records them), so the demo shows the behaviour score (BAS) on
// the result page, the worksheet, exports and the report. Typed answers have a person's rhythm;
// copiers paste (half of them right after leaving the tab), random clickers' answers appear without
// typing (a form filler), gibberish is typed at a machine's even pace.
import type { Cell, DataPoint } from '../ingest';
import { rng, type DemoSurvey } from './survey';

const MEASURES = [
  ['keys', 'BEHAVIOUR_KEYS', 'Key presses'],
  ['iki_median_ms', 'BEHAVIOUR_IKI_MEDIAN_MS', 'Median interval between key presses (ms)'],
  ['iki_iqr_ms', 'BEHAVIOUR_IKI_IQR_MS', 'Interquartile range of the intervals (ms)'],
  ['regular_share', 'BEHAVIOUR_REGULAR_SHARE', 'Share of very regular intervals'],
  ['pasted_chars', 'BEHAVIOUR_PASTED_CHARS', 'Characters pasted'],
  ['pastes_after_switch', 'BEHAVIOUR_PASTES_AFTER_SWITCH', 'Pastes after leaving the tab'],
  ['unexplained_chars', 'BEHAVIOUR_UNEXPLAINED_CHARS', 'Characters that appeared without typing'],
] as const;

/** `survey` with behaviour columns for its first open question (appended after every other column). */
export function withBehaviour(survey: DemoSurvey, seed: number): DemoSurvey {
  const question = survey.mapping.dataPoints.find((d) => d.type === 'OPEN_ENDED');
  if (!question || question.type !== 'OPEN_ENDED') return survey;
  const at = survey.header.indexOf(question.column);
  const columns = MEASURES.map(([suffix]) => `${question.column}_${suffix}`);
  const dataPoints: DataPoint[] = MEASURES.map(([, type], j) => ({
    type,
    column: columns[j]!,
    question: question.column,
  }));
  const row = (i: number): Cell[] => {
    const cells = survey.row(i);
    const answer = cells[at];
    const r = rng((seed * 2_000_003 + i * 6_151) | 0);
    const length = typeof answer === 'string' ? answer.length : 0;
    let measures: (number | null)[];
    const kind = survey.kinds[i];
    if (length === 0) measures = MEASURES.map(() => null);
    else if (kind === 'copier') measures = [0, null, null, null, length, r() < 0.5 ? 1 : 0, 0];
    else if (kind === 'random') measures = [0, null, null, null, 0, 0, length];
    else if (kind === 'gibberish') measures = [length, 60, 2, 0.9, 0, 0, 0];
    else {
      // A person: about one key per character plus corrections, intervals around 240 ms with spread.
      const median = Math.round(180 + 120 * r());
      measures = [length + Math.floor(r() * 6), median, Math.round(median * (0.4 + 0.4 * r())), 0.05, 0, 0, 0];
    }
    return [...cells, ...measures];
  };
  return {
    ...survey,
    header: [...survey.header, ...columns],
    labels: [...survey.labels, ...MEASURES.map(([, , label]) => `${label}: ${question.questionTitle}`)],
    row,
    mapping: { dataPoints: [...survey.mapping.dataPoints, ...dataPoints] },
  };
}
