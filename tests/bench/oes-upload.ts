// Upload-scale cases of `npm run bench:oes`: 100,000 interviews x 3 open questions, the size the
// upload bench classifies (api/ingest/README.md, "Measured"). Workloads in
// tests/scoring/open-ended-corpus.ts, where the share of repeated answers is explained.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import type { ClassificationResult, OpenQuestion, Scoring } from '../../scoring/index.ts';
import { generateDemoSurvey } from '../../api/demo/survey.ts';
import { startOpenEndedWorker } from '../../scoring/open-ended-worker.ts';
import { demoOpenQuestions, oneAnswerSurvey, repeatedAnswersSurvey } from '../scoring/open-ended-corpus.ts';

/**
 * main before the classifier read each distinct text once (commit 5923a51), measured on this machine,
 * one run each: CPU and wall time of classifyOpenEnded, and a hash of its verdicts (categories,
 * clusters, unsure), which the rules of scoring version 3 reproduce. Load averages 1.5-2.1, and 4-7 for
 * the one-answer case, which grows with the square of the answers there (1.3 s CPU at 4,000 interviews
 * x 3, 3.7 s at 8,000, 13.7 s at 16,000).
 */
const BEFORE: Record<string, { cpuMs: number; wallMs: number; hash: string }> = {
  repeated: { cpuMs: 12_320, wallMs: 12_546, hash: '8bb17dde587aca0e' },
  demo: { cpuMs: 39_060, wallMs: 44_084, hash: 'bb647487e65adcd5' },
  one: { cpuMs: 504_621, wallMs: 762_387, hash: '83788a7e61918e4f' },
};

/**
 * The verdicts of scoring version 4 (commit d2da579), which today's run reproduces outside AI suspect. Its rules
 * changed verdicts on the repeated answers (their word salad holds survey remarks and mixed languages);
 * on the demo survey and the one-answer case they are still main's.
 */
const VERSION_4: Record<string, string> = {
  repeated: 'f1ed8cef10d23c0e',
  demo: 'bb647487e65adcd5',
  one: '83788a7e61918e4f',
};

/**
 * The verdicts of scoring version 9 (AI suspect, scoring/text-ai.ts): the demo survey's template
 * answers include groups of near-paraphrases, which become category 14; the other cases keep version 4's.
 */
const VERSION_9: Record<string, string> = {
  repeated: 'f1ed8cef10d23c0e',
  demo: 'c5a58948f411256d',
  one: '83788a7e61918e4f',
};

/**
 * The verdicts of scoring version 10 (dated personal stories, hyphenated function words): the repeated
 * answers' word salad holds "pour-over" and "Bio-Gemüse", which no longer place a language; the other
 * cases keep version 9's.
 */
const VERSION_10: Record<string, string> = {
  repeated: 'd3c28fd0755d2678',
  demo: 'c5a58948f411256d',
  one: '83788a7e61918e4f',
};

/**
 * The verdicts of scoring version 16 (function words inside written names, hedges followed by a generic
 * answer): 15 of the repeated answers' word salad lose Wrong Language, their one foreign function word
 * written with a capital among capitalised German nouns ("Men Preis.", "Reicht nem Citroen."); the
 * other cases keep version 10's.
 */
const VERSION_16: Record<string, string> = {
  repeated: '3a52823d91eb3998',
  demo: 'c5a58948f411256d',
  one: '83788a7e61918e4f',
};

/**
 * The verdicts of scoring version 17 (self-explaining non-answers, typed letters, diacritics, domain
 * names, chatbot style, bare links): 2 of the repeated answers' word salad become No Information, a
 * listed "nix" near the start followed by a word for the respondent ("Winter nix Die 🍹 wir Buchten");
 * the other cases keep version 16's.
 */
const VERSION_17: Record<string, string> = {
  repeated: 'd1d08dc92463a4e9',
  demo: 'c5a58948f411256d',
  one: '83788a7e61918e4f',
};

/**
 * The verdicts of scoring version 18 (acronyms spelled like another language's function word, "no
 * particular"): none of the three cases changes; version 17's hashes.
 */
const VERSION_18: Record<string, string> = VERSION_17;

/** Target for each 300,000-answer case: well under 5 s CPU. */
const TARGET_CPU_MS = 5000;

/** First 16 hex digits of SHA-256 over every question's categories, clusters and unsure flags. */
export function verdictHash(result: ClassificationResult): string {
  const h = createHash('sha256');
  result.categories.forEach((c, q) => {
    h.update(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
    const cl = result.clusters[q]!;
    h.update(new Uint8Array(cl.buffer, cl.byteOffset, cl.byteLength));
    h.update(result.unsure[q]!);
  });
  return h.digest('hex').slice(0, 16);
}

interface Case {
  key: string;
  label: string;
  questions: OpenQuestion[];
}

function cases(): Case[] {
  return [
    {
      key: 'repeated',
      label: 'repeated answers (Zipf stock answers, copy rings)',
      questions: repeatedAnswersSurvey(100_000, 7),
    },
    { key: 'demo', label: 'upload demo survey (generateDemoSurvey, seed 5)', questions: demoOpenQuestions(100_000) },
    { key: 'one', label: 'worst case: one answer from everyone', questions: oneAnswerSurvey(100_000) },
  ];
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** Runs every case (a warm-up and `runs` timed runs) and prints wall, CPU, the before figures and the hash check. */
export function benchUploadScale(s: Scoring, runs = 3): void {
  console.log('');
  console.log('upload scale: 100,000 interviews x 3 open questions (300,000 answers), median of 3 after a warm-up');
  for (const c of cases()) {
    const answers = c.questions.reduce((a, q) => a + q.answers.length, 0);
    const distinct = c.questions.reduce((a, q) => a + new Set(q.answers.map((x) => x ?? '')).size, 0);
    const load0 = loadavg()[0]!;
    let hash = '';
    const timed = () => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const result = s.classifyOpenEnded(c.questions);
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      hash = verdictHash(result);
      return { wall, cpu: (cpu.user + cpu.system) / 1000 };
    };
    timed();
    const r = Array.from({ length: runs }, timed);
    const wall = median(r.map((x) => x.wall));
    const cpu = median(r.map((x) => x.cpu));
    const before = BEFORE[c.key]!;
    const same =
      (VERSION_18[c.key] === hash ? 'identical to version 18' : `DIFFERENT from version 18 (${VERSION_18[c.key]})`) +
      (VERSION_17[c.key] === hash ? ', and to version 17' : ', not version 17 (the rules changed)') +
      (VERSION_16[c.key] === hash ? ', and to version 16' : ', not version 16 (the rules changed)') +
      (VERSION_10[c.key] === hash ? ', and to version 10' : ', not version 10 (the rules changed)') +
      (VERSION_9[c.key] === hash ? ', and to version 9' : ', not version 9 (the rules changed)') +
      (VERSION_4[c.key] === hash ? ', and to version 4' : ', not version 4 (AI suspect)') +
      (before.hash === hash ? ', and to main 5923a51' : ', not main 5923a51 (the rules changed)');
    console.log(
      `  ${c.label}: ${answers.toLocaleString('en')} answers, ${distinct.toLocaleString('en')} distinct raw texts`,
    );
    console.log(
      `    now      wall ${sec(wall).padStart(8)}, CPU ${sec(cpu).padStart(8)} (${((1000 * cpu) / answers).toFixed(1)} µs per answer)   target CPU < ${sec(TARGET_CPU_MS)}: ${cpu < TARGET_CPU_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `    before   wall ${sec(before.wallMs).padStart(8)}, CPU ${sec(before.cpuMs).padStart(8)} (main 5923a51)   ${(before.cpuMs / cpu).toFixed(0)}x less CPU`,
    );
    console.log(`    verdicts ${hash}: ${same}; load average ${load0.toFixed(2)} -> ${loadavg()[0]!.toFixed(2)}`);
  }
}

/**
 * The upload's shape: interviews arrive in batches while the file is read (here: generated by the
 * demo survey generator, which costs about what parsing does) and the classification must be done
 * soon after the last one. One thread (collect, then classifyOpenEnded) against a Worker that gets
 * each batch as it comes (startOpenEndedWorker). Wall time from the first row to the result, and the
 * wait after the last row.
 */
export async function benchStreamed(s: Scoring, rows = 100_000, batch = 5000): Promise<void> {
  const survey = generateDemoSurvey({ rows, seed: 5 });
  const open = survey.mapping.dataPoints.flatMap((d) => (d.type === 'OPEN_ENDED' ? [d] : []));
  const columns = open.map((d) => survey.header.indexOf(d.column));
  const configs = open.map((d) => ({
    text: d.questionTitle,
    keywords: d.keywords ?? [],
    allowedLanguages: d.languages ?? [],
    duplicateDetection: true,
  }));
  const read = (from: number, to: number) => {
    const chunk = columns.map(() => [] as (string | null)[]);
    for (let i = from; i < to; i++) {
      const row = survey.row(i);
      columns.forEach((c, k) => chunk[k]!.push(row[c] == null ? null : String(row[c])));
    }
    return chunk;
  };
  const measure = async (label: string, run: () => Promise<ClassificationResult>) => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await run();
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `  ${label.padEnd(58)} wall ${sec(wall).padStart(8)}, CPU ${sec((cpu.user + cpu.system) / 1000).padStart(8)} (both threads), verdicts ${verdictHash(result)}`,
    );
  };
  console.log('');
  console.log(
    `streamed: the demo survey's ${rows.toLocaleString('en')} interviews generated in batches of ${batch.toLocaleString('en')} (the stand-in for parsing), then classified`,
  );
  let tail = 0;
  await measure('generate, then classifyOpenEnded (one thread)', async () => {
    const all = columns.map(() => [] as (string | null)[]);
    for (let from = 0; from < rows; from += batch)
      read(from, Math.min(rows, from + batch)).forEach((c, k) => all[k]!.push(...c));
    const t = performance.now();
    const result = s.classifyOpenEnded(configs.map((c, k) => ({ ...c, answers: all[k]! })));
    tail = performance.now() - t;
    return result;
  });
  console.log(`    of which the wait after the last row: ${sec(tail)}`);
  await measure('each batch to startOpenEndedWorker as generated', async () => {
    const worker = startOpenEndedWorker(configs);
    for (let from = 0; from < rows; from += batch) worker.add(read(from, Math.min(rows, from + batch)));
    const t = performance.now();
    const result = await worker.finish();
    tail = performance.now() - t;
    return result;
  });
  console.log(`    of which the wait after the last row: ${sec(tail)}; load average ${loadavg()[0]!.toFixed(2)}`);
}
