// The access log line goes through pino without its redaction (its fields are plain values), so it
// must carry nothing secret: the path without its query string (where reset, invitation and
// confirmation tokens and the signatures of file URLs travel) and no header (Authorization,
// X-API-Key, the live key, cookies). Checked on the raw lines the real logger writes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../../api/lib/logger';
import { createTestApp, type TestApp } from '../../support/test-app';

const SECRET = 'c2VjcmV0LXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ';
const SIG = 'ab'.repeat(32);
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ log: createLogger({ destination: { write: (line: string) => void lines.push(line) } }) });
});
afterAll(() => t?.close());

it('no token, key, signature, password or e-mail of a request reaches its access line', async () => {
  const headers = {
    authorization: `Bearer ${SECRET}`,
    'x-api-key': SECRET,
    'x-live-key': SECRET,
    cookie: `sq_device=${SECRET}`,
  };
  const requests: [string, RequestInit][] = [
    [`/new-password?token=${SECRET}`, { headers }],
    [`/create-account?token=${SECRET}&type=invitation&email=someone%40example.com`, { headers }],
    [`/files/uploads/a.csv?kind=upload&expires=4102444800000&sig=${SIG}`, { method: 'PUT', headers, body: 'id\n1\n' }],
    [`/files/exports/a.csv?expires=4102444800000&sig=${SIG}`, { headers }],
    [
      `/graphql?query=${encodeURIComponent(`{ login(email:"someone@example.com", password:"${SECRET}") { accessToken } }`)}`,
      { headers },
    ],
    [`/api/datafiles/x/columns?columns=${SECRET}`, { headers }],
  ];
  for (const [path, init] of requests) await t.app.request(path, init);
  const access = lines.filter((l) => JSON.parse(l).msg === 'request');
  expect(access).toHaveLength(requests.length);
  for (const line of access) {
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain(SIG);
    expect(line).not.toContain('someone');
  }
  // The line still names what was asked: method, path and status.
  expect(JSON.parse(access[0]!)).toMatchObject({ method: 'GET', path: '/new-password' });
});
