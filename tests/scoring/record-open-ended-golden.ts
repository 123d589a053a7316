// Writes tests/fixtures/oes/golden-<commit>.json: the verdicts of the checked-out classifier on the
// corpus of open-ended-golden.ts. Run on the commit whose verdicts are the reference, then name the
// file in GOLDEN_FILE. Not part of the test suite.
import { writeFileSync } from 'node:fs';
import { loadScoringFromDisk } from '../../scoring/load-node.ts';
import { ensureScoringBuilt } from '../support/scoring-build.ts';
import { GOLDEN_FILE, encodeVerdicts, goldenCases } from './open-ended-golden.ts';

ensureScoringBuilt();
const s = await loadScoringFromDisk();
const cases: Record<string, ReturnType<typeof encodeVerdicts>> = {};
for (const c of goldenCases()) {
  const t0 = performance.now();
  cases[c.name] = encodeVerdicts(s.classifyOpenEnded(c.questions, c.order ? { order: c.order } : {}));
  console.log(
    `${c.name}: ${c.questions.length} x ${c.questions[0]!.answers.length} answers, ${Math.round(performance.now() - t0)} ms`,
  );
}
const commit = Bun.spawnSync(['git', 'rev-parse', '--short=7', 'HEAD']).stdout.toString().trim();
writeFileSync(GOLDEN_FILE, `${JSON.stringify({ recordedFrom: commit, scoringVersion: s.version, cases })}\n`);
console.log(`wrote ${GOLDEN_FILE.pathname}`);
