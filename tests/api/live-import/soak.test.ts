import { describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/live-soak-lib';

// The short soak (`npm run soak:live` is the long one): a real server process killed with SIGKILL
// once while respondents arrive, some twice at the same moment; afterwards each is stored and
// charged exactly once and the ledger adds up.
describe('live import survives a SIGKILL mid-stream', () => {
  it('stores and charges 2,000 respondents exactly once across a kill and restart', async () => {
    const r = await runSoak({ n: 2000, kills: 1, concurrency: 16 });
    expect(r.stored).toBe(2000);
    expect(r.charged).toBe(2000);
    expect(r.chargedTwice).toBe(0);
    expect(r.storedWithoutCharge).toBe(0);
    expect(r.usedCredits).toBe(r.credits);
    expect(r.datafileCost).toBe(r.credits);
    expect(r.datafileRecords).toBe(2000);
    expect(r.planBalanceOk).toBe(true);
    expect(r.duplicatesTogether + r.duplicatesLater).toBe(100);
  }, 180_000);
});
