// Writes tests/fixtures/oes/golden-<commit>.json: the verdicts of the checked-out classifier on the
// corpus of open-ended-golden.ts. Run on the commit whose verdicts are the reference, then name the
// file in GOLDEN_FILE. Not part of the test suite.
import { writeFileSync } from 'node:fs';
import { loadScoringFromDisk } from '../../scoring/load-node.ts';
import { ensureScoringBuilt } from '../support/scoring-build.ts';
import { GOLDEN_AI_FILE, GOLDEN_FILE, aiSuspectRows, encodeVerdicts, goldenCases } from './open-ended-golden.ts';

ensureScoringBuilt();
const s = await loadScoringFromDisk();
const cases: Record<string, ReturnType<typeof encodeVerdicts>> = {};
const ai: Record<string, number[][]> = {};
// `--ai` records only the AI suspect rows (GOLDEN_AI_FILE) and leaves the version-4 verdicts as they are.
const aiOnly = process.argv.includes('--ai');
for (const c of goldenCases()) {
  const t0 = performance.now();
  const result = s.classifyOpenEnded(c.questions, c.order ? { order: c.order } : {});
  cases[c.name] = encodeVerdicts(result);
  ai[c.name] = aiSuspectRows(result);
  console.log(
    `${c.name}: ${c.questions.length} x ${c.questions[0]!.answers.length} answers, ${Math.round(performance.now() - t0)} ms`,
  );
}
const commit = Bun.spawnSync(['git', 'rev-parse', '--short=7', 'HEAD']).stdout.toString().trim();
const target = aiOnly ? GOLDEN_AI_FILE : GOLDEN_FILE;
writeFileSync(
  target,
  `${JSON.stringify({ recordedFrom: commit, scoringVersion: s.version, cases: aiOnly ? ai : cases })}\n`,
);
console.log(`wrote ${target.pathname}`);
