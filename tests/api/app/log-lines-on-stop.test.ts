import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bunBin, repoRoot, startServerProcess, type ServerProcess } from '../../support/server-process';
import { opsWorld, type OpsWorld } from '../../support/ops-world';

// The server writes its log lines to stdout in blocks (api/lib/logger.ts): a line may wait in the
// buffer until the block fills or a second passes. A server stopped by SIGTERM or SIGINT right after
// its last requests still has every access line on stdout when it exits, and the ones before the
// buffer filled are not held back until the stop. A process that ends on an error or process.exit
// has its buffered lines written too.

let w: OpsWorld;
const processes: ServerProcess[] = [];
beforeAll(async () => {
  w = await opsWorld({ env: { LOG_LEVEL: 'info' } });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  w?.close();
});

/** `{ health }` with the given request id, which its access line carries. */
const health = (p: ServerProcess, requestId: string) =>
  fetch(`${p.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ query: '{ health }' }),
  }).then((r) => r.text());

/** The access lines on the server's output, by request id. */
const accessLines = (p: ServerProcess) =>
  p
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; requestId?: string; status?: number })
    .filter((line) => line.msg === 'request');

describe('log lines of a stopping server', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(`are all written when ${signal} stops it right after its last requests`, async () => {
      const server = await startServerProcess(w.env);
      processes.push(server);
      const ids = Array.from({ length: 5 }, (_, i) => `last${signal}${i}x${Date.now().toString(36)}`);
      for (const id of ids) await health(server, id);
      process.kill(server.pid, signal);
      expect(await server.exited).toBe(0);
      const logged = accessLines(server).map((line) => line.requestId);
      for (const id of ids) expect(logged).toContain(id);
      expect(server.log()).toContain('"msg":"stopped"');
    });

  it('writes a quiet server lines within a second or so, without a stop', async () => {
    const server = await startServerProcess(w.env);
    processes.push(server);
    const id = `quiet${Date.now().toString(36)}`;
    await health(server, id);
    const deadline = Date.now() + 15_000;
    while (!accessLines(server).some((line) => line.requestId === id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(accessLines(server).map((line) => line.requestId)).toContain(id);
  });
});

describe('log lines of a process that ends on its own', () => {
  const ends = {
    'an uncaught error': "setTimeout(() => { throw new Error('boom'); }, 5);",
    'a rejection nobody handles': "setTimeout(() => void Promise.reject(new Error('boom')), 5);",
    'process.exit': 'setTimeout(() => process.exit(3), 5);',
  };
  for (const [how, end] of Object.entries(ends))
    it(`are written when it ends by ${how}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'sqp-log-'));
      try {
        const script = join(dir, 'crash.ts');
        writeFileSync(
          script,
          `import { createLogger } from ${JSON.stringify(join(repoRoot, 'api/lib/logger.ts'))};\n` +
            `const log = createLogger();\nfor (let i = 0; i < 3; i++) log.info('line before the end', { i });\n${end}\n`,
        );
        const run = spawnSync(bunBin, [script], { encoding: 'utf8', timeout: 30_000 });
        expect(run.status).not.toBe(0);
        const lines = run.stdout.split('\n').filter((line) => line.includes('line before the end'));
        expect(lines).toHaveLength(3);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
});

describe('log lines of a process with many loggers', () => {
  it('are all written at exit, and the exit handlers do not grow with the number of loggers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqp-log-'));
    try {
      const script = join(dir, 'many.ts');
      writeFileSync(
        script,
        `import { createLogger } from ${JSON.stringify(join(repoRoot, 'api/lib/logger.ts'))};\n` +
          `const logs = [createLogger()];\n` +
          `const afterOne = process.listenerCount('exit');\n` +
          `for (let i = 1; i < 30; i++) logs.push(createLogger());\n` +
          `logs.forEach((log, i) => log.info('line of a logger', { i }));\n` +
          `console.error(JSON.stringify({ grew: process.listenerCount('exit') - afterOne }));\n` +
          `setTimeout(() => process.exit(0), 5);\n`,
      );
      const run = spawnSync(bunBin, [script], { encoding: 'utf8', timeout: 30_000 });
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stderr.split('\n').find((line) => line.startsWith('{"grew"'))!)).toEqual({ grew: 0 });
      expect(run.stderr).not.toContain('MaxListeners');
      const lines = run.stdout.split('\n').filter((line) => line.includes('line of a logger'));
      expect(lines.map((line) => (JSON.parse(line) as { i: number }).i).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
