// A classification of open answers that takes the answers in chunks (scoring/text.ts,
// `openEndedSession`): pass A runs on each chunk's new distinct texts as it arrives, so a caller that
// is still reading its file (the upload job) gets most of the work done meanwhile; `finish` runs the
// dataset rules over all answers. `classifyOpenEnded` is one chunk and `finish`. The blocks follow
// scoring/assembly/text-block.ts.
import type { ClassificationResult, OpenAnswerParadata, OpenQuestionConfig } from './text.ts';
import { TextDictionary, encode, encodeTexts, normaliseAnswer, utf16Length } from './text-encode.ts';
import { Arena, type WasmHeap } from './wasm-memory.ts';
import { SCORING_VERSION } from './version.ts';
import { aiSuspectAndEffort, type KernelTexts } from './text-ai.ts';
import { markTypedLetters, typedLetters } from './text-letters.ts';
import { markChatbotStyle, questionWords } from './text-style.ts';

const AI_COLUMNS = ['pastedChars', 'unexplainedChars', 'typingMs'] as const;
type AiColumn = (typeof AI_COLUMNS)[number];

/** Stop-word lists in the kernel's language order (languageBit in scoring/assembly/text-lists.ts). */
export const LANGUAGE_ORDER = [
  'de',
  'en',
  'fr',
  'es',
  'it',
  'tr',
  'pl',
  'nl',
  'pt',
  'hr',
  'cs',
  'ro',
  'hu',
  'sv',
] as const;
export const languageBit = (l: number) => (l < 5 ? 1 << l : 1 << (11 + l));

/** Languages with a stop-word list, and their bit in the kernel's mask. Bosnian and Serbian (Latin) share the Croatian list. */
const LANGUAGE_BITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(LANGUAGE_ORDER.map((code, l) => [code, languageBit(l)])),
  bs: languageBit(9),
  sr: languageBit(9),
};

/** Languages written in Latin script (for the script rule of category 11). */
const LATIN_LANGUAGES = new Set([
  'de',
  'en',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'cs',
  'sk',
  'sl',
  'hr',
  'bs',
  'hu',
  'ro',
  'sv',
  'da',
  'no',
  'nb',
  'nn',
  'fi',
  'et',
  'lv',
  'lt',
  'tr',
  'id',
  'ms',
  'vi',
  'sq',
  'ca',
  'eu',
  'gl',
  'is',
  'ga',
  'cy',
  'mt',
  'sw',
  'tl',
  'af',
  'lb',
  'rm',
]);

// Fields of a block (scoring/assembly/text-block.ts), in order.
const F = {
  cps: 0,
  offs: 1,
  texts: 2,
  answers: 3,
  textOf: 4,
  flags: 5,
  cluster: 6,
  textFlags: 7,
  tokens: 8,
  count: 9,
  content: 10,
  cStart: 11,
  grams: 12,
  gStart: 13,
};
const BLOCK_FIELDS = 14;
const CONTENT_BYTES = 16;

type Kernel = (...args: number[]) => number;

export interface OpenEndedSession {
  /** Interviews added so far. */
  readonly rows: number;
  /**
   * Adds the next interviews: one array of answers per question (all of one length) and optionally
   * their paradata (one entry per question, each column as long as the answers).
   */
  add(
    answers: readonly (readonly (string | null | undefined)[])[],
    paradata?: readonly (OpenAnswerParadata | undefined)[],
  ): void;
  /** Classifies every answer added; the session is over afterwards. */
  finish(options?: { order?: Float64Array }): ClassificationResult;
  /** Frees the session's memory without classifying (after an error elsewhere). */
  dispose(): void;
}

/** Texts of one chunk after pass A: addresses in WASM memory and the lengths written. */
interface Chunk {
  fields: number[];
  texts: number;
  cps: number;
  content: number;
  grams: number;
}

/** A growable column of per-answer numbers. */
class Column<T extends Int32Array | Float64Array> {
  constructor(
    public data: T,
    public fill: number,
  ) {}
  ensure(rows: number, make: (n: number) => T): void {
    if (rows <= this.data.length) return;
    const next = make(Math.max(rows, 2 * this.data.length, 1024));
    next.set(this.data);
    next.fill(this.fill, this.data.length);
    this.data = next;
  }
}

class QuestionState {
  readonly dictionary = new TextDictionary();
  readonly textOf = new Column(new Int32Array(0), 0);
  readonly seconds = new Column(new Float64Array(0), Number.NaN);
  readonly pastes = new Column(new Float64Array(0), Number.NaN);
  hasSeconds = false;
  hasPastes = false;
  /** The distinct texts in id order (the AI suspect and effort pass reads them after the kernels). */
  readonly texts: string[] = [];
  /** The AI suspect rules' paradata, only where some chunk sent it. */
  readonly aiColumns = new Map<AiColumn, Column<Float64Array>>();
  readonly chunks: Chunk[] = [];
  constructor(
    readonly context: number,
    readonly contextLength: number,
    readonly questionLength: number,
    readonly options: number,
    readonly mask: number,
  ) {}
  get topic(): boolean {
    return (this.options & 2) !== 0;
  }
}

export function createSession(heap: WasmHeap, questions: readonly OpenQuestionConfig[]): OpenEndedSession {
  const k = (name: string) => heap.exports[name] as Kernel;
  const arena = new Arena(heap);
  let rows = 0;
  let over = false;
  // Per question, the rows whose answer is typed letters as written (scoring/text-letters.ts).
  const letterRows: number[][] = questions.map(() => []);
  const asked = questions.map((q) => questionWords(normaliseAnswer(q.text)));
  const states = questions.map((q) => {
    const questionText = normaliseAnswer(q.text);
    const context = encode([[questionText, ...(q.keywords ?? []).map(normaliseAnswer)].join(' ')]);
    const allowed = (q.allowedLanguages ?? []).map((l) => l.toLowerCase());
    const known = allowed.every((l) => l in LANGUAGE_BITS);
    // Without a list for every allowed language the stop-word rule cannot tell them apart: off.
    const mask = known ? allowed.reduce((m, l) => m | LANGUAGE_BITS[l]!, 0) : 0;
    const options =
      (q.duplicateDetection !== false ? 1 : 0) |
      ((q.topicCheck ?? (q.keywords?.length ?? 0) > 0) ? 2 : 0) |
      (allowed.length > 0 ? 4 : 0) |
      (allowed.length > 0 && allowed.every((l) => LATIN_LANGUAGES.has(l)) ? 8 : 0);
    return new QuestionState(arena.i32In(context.cps), context.cps.length, [...questionText].length, options, mask);
  });

  /** Pass A over the texts a question met since the last flush, into a chunk of its own. */
  const flush = (s: QuestionState, always = false) => {
    const texts = s.dictionary.takePending();
    const names = s.dictionary.pendingNames();
    for (const t of texts) s.texts.push(t);
    if (texts.length === 0 && !always) return;
    const d = texts.length;
    const units = utf16Length(texts);
    const cps = arena.alloc(units * 4);
    const offs = arena.alloc((d + 1) * 4);
    const length = encodeTexts(texts, heap.i32(cps, units), heap.i32(offs, d + 1));
    // Content tokens: at most one per 3 code points plus one per text. Gram sets: at most one per code point plus one per text.
    const fields = [
      cps,
      offs,
      d,
      0,
      0,
      0,
      0,
      arena.alloc(d * 4),
      arena.alloc(d * 4),
      0,
      arena.alloc((Math.floor(length / 3) + d + 1) * CONTENT_BYTES),
      arena.alloc((d + 1) * 4),
      arena.alloc((length + d + 1) * 4),
      arena.alloc((d + 1) * 4),
    ];
    const nameTokens = names.some((m) => m !== 0) ? arena.i32In(new Int32Array(names.buffer)) : 0;
    k('textAnalyseTexts')(arena.i32In(fields), s.context, s.questionLength, s.options, s.mask, nameTokens);
    s.chunks.push({
      fields,
      texts: d,
      cps: length,
      content: heap.i32(fields[F.cStart]!, d + 1)[d]!,
      grams: heap.i32(fields[F.gStart]!, d + 1)[d]!,
    });
  };

  /** One question's texts as one block: the chunk itself, or the chunks joined (indexes shifted). */
  const joinTexts = (s: QuestionState): number[] => {
    if (s.chunks.length === 0) flush(s, true);
    if (s.chunks.length === 1) return [...s.chunks[0]!.fields];
    const sum = (key: 'texts' | 'cps' | 'content' | 'grams') => s.chunks.reduce((a, c) => a + c[key], 0);
    const d = sum('texts');
    const fields = new Array<number>(BLOCK_FIELDS).fill(0);
    fields[F.cps] = arena.alloc(sum('cps') * 4);
    fields[F.offs] = arena.alloc((d + 1) * 4);
    fields[F.texts] = d;
    fields[F.textFlags] = arena.alloc(d * 4);
    fields[F.tokens] = arena.alloc(d * 4);
    fields[F.content] = arena.alloc(sum('content') * CONTENT_BYTES);
    fields[F.cStart] = arena.alloc((d + 1) * 4);
    fields[F.grams] = arena.alloc(sum('grams') * 4);
    fields[F.gStart] = arena.alloc((d + 1) * 4);
    // Views only now: an allocation can move the memory.
    const i32 = (field: number, n: number) => heap.i32(fields[field]!, n);
    const offs = i32(F.offs, d + 1);
    const cStart = i32(F.cStart, d + 1);
    const gStart = i32(F.gStart, d + 1);
    const content = new Uint8Array(heap.buffer, fields[F.content]!, sum('content') * CONTENT_BYTES);
    let t0 = 0;
    let c0 = 0;
    let e0 = 0;
    let g0 = 0;
    for (const c of s.chunks) {
      const from = (field: number, n: number) => heap.i32(c.fields[field]!, n);
      i32(F.cps, sum('cps')).set(from(F.cps, c.cps), c0);
      i32(F.textFlags, d).set(from(F.textFlags, c.texts), t0);
      i32(F.tokens, d).set(from(F.tokens, c.texts), t0);
      i32(F.grams, sum('grams')).set(from(F.grams, c.grams), g0);
      content.set(new Uint8Array(heap.buffer, c.fields[F.content]!, c.content * CONTENT_BYTES), e0 * CONTENT_BYTES);
      const o = from(F.offs, c.texts);
      const cs = from(F.cStart, c.texts);
      const gs = from(F.gStart, c.texts);
      for (let t = 0; t < c.texts; t++) {
        offs[t0 + t] = o[t]! + c0;
        cStart[t0 + t] = cs[t]! + e0;
        gStart[t0 + t] = gs[t]! + g0;
      }
      t0 += c.texts;
      c0 += c.cps;
      e0 += c.content;
      g0 += c.grams;
    }
    offs[d] = c0;
    cStart[d] = e0;
    gStart[d] = g0;
    return fields;
  };

  /**
   * What pass A wrote per distinct text, for the AI suspect and effort pass (text-ai.ts): views into
   * WASM memory, read before the session's memory is released and while nothing allocates.
   */
  const kernelTexts = (fields: readonly number[]): KernelTexts => {
    const d = fields[F.texts]!;
    const cStart = heap.i32(fields[F.cStart]!, d + 1);
    return {
      offs: heap.i32(fields[F.offs]!, d + 1),
      tokens: heap.i32(fields[F.tokens]!, d),
      content: heap.i32(fields[F.content]!, (cStart[d]! * CONTENT_BYTES) / 4),
      cStart,
    };
  };

  const release = () => {
    over = true;
    arena.release();
  };

  return {
    get rows() {
      return rows;
    },
    add(answers, paradata) {
      if (over) throw new Error('scoring: open-ended session already finished');
      if (answers.length !== states.length)
        throw new RangeError(`${answers.length} answer columns for ${states.length} open questions`);
      const m = answers[0]?.length ?? 0;
      answers.forEach((a, qi) => {
        if (a.length !== m) throw new RangeError(`open question ${qi + 1} has ${a.length} answers, expected ${m}`);
        // The kernels read one value per answer: a shorter column would be read past its end.
        for (const [name, column] of Object.entries(paradata?.[qi] ?? {})) {
          if (column && column.length !== m)
            throw new RangeError(
              `open question ${qi + 1}: paradata ${name} has ${column.length} values, expected ${m}`,
            );
        }
      });
      states.forEach((s, qi) => {
        const list = answers[qi]!;
        for (let i = 0; i < m; i++) if (typedLetters(list[i])) letterRows[qi]!.push(rows + i);
        s.textOf.ensure(rows + m, (n) => new Int32Array(n));
        for (let i = 0; i < m; i++) s.textOf.data[rows + i] = s.dictionary.id(list[i]);
        const p = paradata?.[qi];
        if (p?.seconds || s.hasSeconds) s.seconds.ensure(rows + m, (n) => new Float64Array(n).fill(Number.NaN));
        if (p?.pastes || s.hasPastes) s.pastes.ensure(rows + m, (n) => new Float64Array(n).fill(Number.NaN));
        if (p?.seconds) s.seconds.data.set(p.seconds, rows);
        if (p?.pastes) s.pastes.data.set(p.pastes, rows);
        s.hasSeconds ||= p?.seconds !== undefined;
        s.hasPastes ||= p?.pastes !== undefined;
        for (const name of AI_COLUMNS) {
          let column = s.aiColumns.get(name);
          if (!column && !p?.[name]) continue;
          if (!column) s.aiColumns.set(name, (column = new Column(new Float64Array(0), Number.NaN)));
          column.ensure(rows + m, (size) => new Float64Array(size).fill(Number.NaN));
          if (p?.[name]) column.data.set(p[name], rows);
        }
        flush(s);
      });
      rows += m;
    },
    finish(options = {}) {
      if (over) throw new Error('scoring: open-ended session already finished');
      try {
        const n = rows;
        const order = options.order ? arena.f64In(options.order) : 0;
        if (options.order && options.order.length !== n)
          throw new RangeError(`order has ${options.order.length} values, expected ${n}`);
        const blocks = states.map((s) => {
          const fields = joinTexts(s);
          fields[F.answers] = n;
          fields[F.textOf] = arena.i32In(s.textOf.data.subarray(0, n));
          fields[F.flags] = arena.alloc(n * 4);
          fields[F.cluster] = arena.alloc(n * 4);
          fields[F.count] = arena.alloc(fields[F.texts]! * 4);
          return { ptr: arena.i32In(fields), flags: fields[F.flags]!, cluster: fields[F.cluster]!, fields };
        });
        k('textSurveyReset')();
        states.forEach((s, qi) => {
          const block = blocks[qi]!;
          const seconds = s.hasSeconds ? arena.f64In(s.seconds.data.subarray(0, n)) : 0;
          const pastes = s.hasPastes ? arena.f64In(s.pastes.data.subarray(0, n)) : 0;
          k('textClassifyAnswers')(block.ptr, s.options, seconds, pastes, order);
          k('textSurveyAdd')(block.ptr, s.context, s.contextLength);
          for (let p = 0; p < qi; p++) k('textDuplicateAnswers')(blocks[p]!.ptr, block.ptr);
        });
        // Topic last: it compares each answer with the whole survey's vocabulary (every question's words).
        const checked = states.flatMap((s, qi) => (s.topic ? [{ s, block: blocks[qi]! }] : []));
        if (checked.length > 0) {
          const statuses = checked.map(({ s, block }) => {
            const status = arena.alloc(n * 4);
            k('textWrongTopic')(block.ptr, s.context, s.contextLength, status);
            return status;
          });
          k('textTopicResolve')(
            arena.i32In(Int32Array.from(statuses)),
            arena.i32In(Int32Array.from(checked, (c) => c.block.flags)),
            checked.length,
            n,
          );
        }
        const categories = blocks.map((block) => {
          const out = arena.alloc(n * 4);
          k('textFinalCategories')(block.flags, n, out);
          return heap.i32(out, n).slice();
        });
        markTypedLetters(letterRows, categories);
        states.forEach((s, qi) => markChatbotStyle(s.texts, s.textOf.data.subarray(0, n), asked[qi]!, categories[qi]!));
        // Bit 20 of the flags (UNSURE in scoring/assembly/text.ts); unscored answers are never unsure.
        const unsure = blocks.map((block, qi) => {
          const flags = heap.i32(block.flags, n);
          const cats = categories[qi]!;
          const out = new Uint8Array(n);
          for (let i = 0; i < n; i++) out[i] = cats[i] !== 0 && (flags[i]! >>> 20) & 1 ? 1 : 0;
          return out;
        });
        // AI suspect and effort last: they read the final categories (text-ai.ts).
        const ai = states.map((s, qi) =>
          aiSuspectAndEffort(
            s.texts,
            kernelTexts(blocks[qi]!.fields),
            s.textOf.data.subarray(0, n),
            categories[qi]!,
            Object.fromEntries([...s.aiColumns].map(([name, c]) => [name, c.data.subarray(0, n)])),
          ),
        );
        return {
          categories,
          unsure,
          clusters: blocks.map((block) => heap.i32(block.cluster, n).slice()),
          aiReasons: ai.map((a) => a.reasons),
          effort: ai.map((a) => a.effort),
          version: SCORING_VERSION,
        };
      } finally {
        release();
      }
    },
    dispose() {
      if (!over) release();
    },
  };
}
