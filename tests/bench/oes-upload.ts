// Upload-scale cases of `npm run bench:oes`: 100,000 interviews x 3 open questions, the size the
// upload bench classifies (api/modules/uploads/README.md, "Measured"). Workloads in
// tests/scoring/open-ended-corpus.ts, where the share of repeated answers is explained.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import type { ClassificationResult, OpenQuestion, Scoring } from '../../scoring/index.ts';
import { demoOpenQuestions, oneAnswerSurvey, repeatedAnswersSurvey } from '../scoring/open-ended-corpus.ts';

/**
 * main before this change (commit 5923a51), measured on this machine one run each (2 cores, load
 * average 1.5-2.1): CPU and wall time of classifyOpenEnded, and a hash of its verdicts (categories,
 * clusters, unsure) that today's run must reproduce. The one-answer case grows with the square of
 * the answers there: 13.7 s CPU at 16,000 interviews x 3 (3.7 s at 8,000, 1.3 s at 4,000).
 */
const BEFORE: Record<string, { cpuMs: number; wallMs: number; hash?: string; note?: string }> = {
  repeated: { cpuMs: 12_320, wallMs: 12_546, hash: '8bb17dde587aca0e' },
  demo: { cpuMs: 39_060, wallMs: 44_084, hash: 'bb647487e65adcd5' },
  one: { cpuMs: 535_000, wallMs: 535_000, note: 'extrapolated from 16,000 x 3' },
};

/** Target for each 300,000-answer case (issue: "well under 5 s CPU"). */
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
    { key: 'repeated', label: 'repeated answers (Zipf stock answers, copy rings)', questions: repeatedAnswersSurvey(100_000, 7) },
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
    const same = before.hash ? (before.hash === hash ? 'identical to main' : `DIFFERENT from main (${before.hash})`) : 'main not run at this size';
    console.log(`  ${c.label}: ${answers.toLocaleString('en')} answers, ${distinct.toLocaleString('en')} distinct raw texts`);
    console.log(`    now      wall ${sec(wall).padStart(8)}, CPU ${sec(cpu).padStart(8)} (${((1000 * cpu) / answers).toFixed(1)} µs per answer)   target CPU < ${sec(TARGET_CPU_MS)}: ${cpu < TARGET_CPU_MS ? 'met' : 'NOT met'}`);
    console.log(`    before   wall ${sec(before.wallMs).padStart(8)}, CPU ${sec(before.cpuMs).padStart(8)} (main 5923a51${before.note ? `, ${before.note}` : ''})   ${(before.cpuMs / cpu).toFixed(0)}x less CPU`);
    console.log(`    verdicts ${hash}: ${same}; load average ${load0.toFixed(2)} -> ${loadavg()[0]!.toFixed(2)}`);
  }
}
