// The behaviour category of every answer of an open question whose paradata the file carries
// (BEHAVIOUR_* columns): the same classification the live endpoint gives one respondent, over the
// whole file, one chunk of rows at a time. Needs the answers' lengths, so it runs before the
// answers are let go after the open-ended classification.
import {
  BEHAVIOUR_MEASURES,
  type BehaviourMeasures,
  type OpenAnswerParadata,
  type Scoring,
} from '../../../scoring/index';
import { CHUNK_ROWS, type ChunkedF64 } from '../columnar/spill';
import { BEHAVIOUR_COLUMN_TYPES } from '../types';
import type { ScoreInputs } from '../validate/collector';

type Measure = (typeof BEHAVIOUR_MEASURES)[number];

/** Sets `inputs.behaviourCategories` (one entry per open question with paradata, in mapping order). */
export function classifyBehaviour(scoring: Pick<Scoring, 'behaviourCategories'>, inputs: ScoreInputs): void {
  const n = inputs.rows;
  const out: NonNullable<ScoreInputs['behaviourCategories']> = [];
  for (const q of inputs.open) {
    const columns = inputs.behaviour.filter((b) => b.dp.question === q.dp.column);
    if (!columns.length) continue;
    // The measures the classification reads; the others are kept in the raw revision only.
    const read = columns.flatMap((b) => {
      const field = BEHAVIOUR_COLUMN_TYPES[b.dp.type];
      return (BEHAVIOUR_MEASURES as readonly string[]).includes(field)
        ? [{ field: field as Measure, values: b.values }]
        : [];
    });
    const categories = new Int32Array(n);
    for (let c = 0, start = 0; start < n; c++, start += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, n - start);
      const chunks = read.map((r) => ({ field: r.field, values: r.values.chunk(c) }));
      const answers: BehaviourMeasures[] = new Array(rows);
      for (let i = 0; i < rows; i++) {
        // An empty answer has length 0 and is not scored, whatever its paradata.
        const m: BehaviourMeasures = { length: q.answers[start + i]?.length ?? 0 };
        for (const ch of chunks) m[ch.field] = ch.values[i]!;
        answers[i] = m;
      }
      categories.set(scoring.behaviourCategories(answers), start);
    }
    out.push({ question: q.dp.column, categories });
  }
  inputs.behaviourCategories = out;
}

/** The measures the AI suspect rules of open answers read (scoring/text-ai.ts), as the live endpoint sends them. */
const AI_MEASURES = [
  'pastedChars',
  'unexplainedChars',
  'typingMs',
] as const satisfies readonly (keyof OpenAnswerParadata)[];
type AiMeasure = (typeof AI_MEASURES)[number];

/** One open question's paradata columns for the AI suspect rules (only the measures the file carries). */
export type AiParadataColumns = Partial<Record<AiMeasure, ChunkedF64>>;

/**
 * For each open question (mapping order), the behaviour columns the AI suspect rules read: a share
 * of the answer pasted or filled without key presses, typing faster than people type. As on the live
 * path, only where the question's copy-paste check asks for paradata; undefined: none.
 */
export function aiParadataColumns(
  open: readonly Pick<ScoreInputs['open'][number], 'dp'>[],
  behaviour: ScoreInputs['behaviour'],
): (AiParadataColumns | undefined)[] {
  return open.map(({ dp }) => {
    if (!dp.copyPasteCheck) return undefined;
    const columns: AiParadataColumns = {};
    for (const b of behaviour) {
      const field = BEHAVIOUR_COLUMN_TYPES[b.dp.type];
      if (b.dp.question === dp.column && (AI_MEASURES as readonly string[]).includes(field))
        columns[field as AiMeasure] = b.values;
    }
    return Object.keys(columns).length ? columns : undefined;
  });
}

/** Rows [start, end) of each question's columns, as the open-ended classifier takes its paradata. */
export function aiParadataRows(
  columns: readonly (AiParadataColumns | undefined)[],
  start: number,
  end: number,
): (OpenAnswerParadata | undefined)[] {
  return columns.map((c) => {
    if (!c) return undefined;
    const out: OpenAnswerParadata = {};
    for (const m of AI_MEASURES) {
      const column = c[m];
      if (column) out[m] = column.range(start, end);
    }
    return out;
  });
}
