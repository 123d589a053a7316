import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { roundTripsPerRequest } from '../bench/support/round-trips';

// The remote path (a libSQL server) pays one network round trip per statement: no libSQL server
// runs here, so the app runs on @libsql/client over a database file and every request the client
// would send is counted. These counts are what a request costs on the remote path; they must not grow
// unnoticed.

const dir = mkdtempSync(join(tmpdir(), 'sqp-round-trips-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('requests to the database per app request on @libsql/client', () => {
  it('stay at their counts: me 1, the datafile list 5, a new live respondent 12 (one transaction, the ceiling and the source counted in it), a resend 4', async () => {
    const counts = Object.fromEntries((await roundTripsPerRequest(dir)).map((r) => [r.request, r]));
    expect(counts['me']!.trips).toBe(1);
    expect(counts['datafile list (10 rows)']!.trips).toBe(5);
    expect(counts['live respondent, new']).toMatchObject({
      trips: 12,
      detail: '2 execute, 1 tx.batch, 8 tx.execute, 1 tx.commit',
    });
    expect(counts['live respondent, resent']!.trips).toBe(4);
  }, 60_000);
});
