// `npm run soak:live`: 100,000 respondents (LIVE_SOAK_N), 5 % sent twice, the server SIGKILLed and
// restarted twice (LIVE_SOAK_KILLS); prints the counts and whether every invariant held.
import { loadavg } from 'node:os';
import { runSoak } from './live-soak-lib';

const n = Number(process.env.LIVE_SOAK_N ?? 100_000);
const kills = Number(process.env.LIVE_SOAK_KILLS ?? 2);
console.log(
  `soak:live: ${n} respondents, ${kills} kills, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const r = await runSoak({ n, kills, log: (l) => console.log(`  ${l}`) });
const checks: [string, boolean][] = [
  [`stored ${r.stored} = respondents ${r.respondents}`, r.stored === r.respondents],
  [`charged ${r.charged} = respondents ${r.respondents}`, r.charged === r.respondents],
  [`charged twice: ${r.chargedTwice}`, r.chargedTwice === 0],
  [`stored without its own charge: ${r.storedWithoutCharge}`, r.storedWithoutCharge === 0],
  [
    `credits of respondents ${r.credits} = USED in the ledger ${r.usedCredits} = datafile cost ${r.datafileCost}`,
    r.credits === r.usedCredits && r.usedCredits === r.datafileCost,
  ],
  [`datafile's record count ${r.datafileRecords} = respondents`, r.datafileRecords === r.respondents],
  ['every prepaid plan: balance = received - used (ledger)', r.planBalanceOk],
];
console.log(
  `requests ${r.requests} (duplicates: ${r.duplicatesTogether} at the same moment, ${r.duplicatesLater} later; ${r.retries} retries while the server was down), answers ${JSON.stringify(r.answers)}, ${r.seconds.toFixed(0)} s, ${(r.respondents / r.seconds).toFixed(0)} respondents/s`,
);
for (const [text, ok] of checks) console.log(`${ok ? 'OK     ' : 'BROKEN '} ${text}`);
if (checks.some(([, ok]) => !ok)) process.exit(1);
