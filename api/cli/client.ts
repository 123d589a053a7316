// `sqp`, the command line for scripts (docs/scripts.md, "Command line"): talks to any server over
// its HTTP routes with an API key, like any other client, and imports nothing of the server.
// Results go to stdout (JSON, CSV or Arrow bytes), progress and refusals to stderr; the exit code
// says what happened, so a shell script can branch on it without parsing text.
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';

export const EXIT = {
  OK: 0,
  USAGE: 2,
  NOT_ALLOWED: 3,
  REFUSED: 4,
  NO_CREDITS: 5,
  STILL_PROCESSING: 6,
  SERVER: 7,
} as const;

const USAGE = `sqp: the survey quality platform from the command line

  sqp upload FILE [--title T] [--id COLUMN | --row-number] [--missing -99[,-98]] [--mapping auto|MAPPING.json]
                  [--sheet NAME] [--header-row N] [--check-only] [--wait [SECONDS]] [--version-of ID]
  sqp confirm ID --credits N [--wait [SECONDS]]     charge a draft checked with --check-only
  sqp status ID [--wait [SECONDS]]
  sqp scores ID [--format csv|arrow|parquet|sss] [--delimiter ,|;] [--output FILE]
  sqp export ID [--format xlsx|csv|arrow|parquet|rejects] [--output FILE]

Environment: SQP_API_KEY (required, the API key of your profile), SQP_URL (default
http://localhost:3000), SQP_LANG (de or en; default from LANG).
Exit codes: 0 done, 2 usage, 3 not authenticated or not allowed, 4 refused (the file, its data
points or a parameter; the reasons are on stderr), 5 not enough credits, 6 still processing when
the wait ended, 7 server or network error.`;

type Args = { command: string; positional: string[]; flags: Map<string, string | true> };

export function parseArgs(argv: readonly string[]): Args {
  const [command = '', ...rest] = argv;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const next = rest[i + 1];
    if (inline !== undefined) flags.set(name, inline);
    else if (next !== undefined && (!next.startsWith('--') || /^--?\d/.test(next)) && !BOOLEAN.has(name)) {
      // --wait takes an optional number: a following FILE or ID is not its value.
      if (name === 'wait' && !/^\d+$/.test(next)) flags.set(name, true);
      else flags.set(name, rest[++i]!);
    } else flags.set(name, true);
  }
  return { command, positional, flags };
}

const BOOLEAN = new Set(['check-only', 'row-number', 'help']);

class Failure extends Error {
  constructor(
    readonly exit: number,
    message: string,
  ) {
    super(message);
  }
}

function exitFor(status: number): number {
  if (status === 401 || status === 403 || status === 404) return EXIT.NOT_ALLOWED;
  if (status === 402) return EXIT.NO_CREDITS;
  if (status >= 500) return EXIT.SERVER;
  return EXIT.REFUSED;
}

type Env = { url: string; key: string; lang: string; log: (line: string) => void };

function envOf(source: NodeJS.ProcessEnv, log: (line: string) => void): Env {
  const key = source.SQP_API_KEY ?? '';
  if (!key) throw new Failure(EXIT.USAGE, 'Set SQP_API_KEY to the API key of your profile.');
  const lang = source.SQP_LANG ?? ((source.LANG ?? '').toLowerCase().startsWith('de') ? 'de' : 'en');
  return { url: (source.SQP_URL ?? 'http://localhost:3000').replace(/\/$/, ''), key, lang, log };
}

async function call(env: Env, path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(env.url + path, {
      ...init,
      headers: { 'x-api-key': env.key, 'accept-language': env.lang, ...(init.headers as Record<string, string>) },
    });
  } catch (error) {
    throw new Failure(EXIT.SERVER, `${env.url}: ${(error as Error).message}`);
  }
}

/** A JSON answer; a refusal's messages go to stderr and end the command with its exit code. */
async function answer(env: Env, res: Response): Promise<Record<string, any>> {
  const body = (await res.json().catch(() => ({}))) as Record<string, any>;
  if (res.status >= 400) {
    for (const e of body.errors ?? []) env.log(`${e.extensions?.code ?? 'ERROR'}: ${e.message}`);
    if (body.datafileId) env.log(`datafile ${body.datafileId}`);
    throw new Failure(exitFor(res.status), '');
  }
  return body;
}

const flagText = (args: Args, name: string) => {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
};

function waitSeconds(args: Args): string | undefined {
  const wait = args.flags.get('wait');
  return wait === undefined ? undefined : wait === true ? 'true' : wait;
}

function summary(body: Record<string, any>): string {
  const s = body.recordSummary;
  if (body.status === 'READY' && s)
    return `READY: ${s.totalNumberOfDataRecords} interviews, revision ${body.metadata?.revision ?? '?'}`;
  if (body.status === 'CHECKED')
    return `CHECKED: ${body.estimate?.numberOfRecords} interviews, ${body.estimate?.creditAmount} credits (nothing charged)`;
  return `${body.status}${body.upload?.progress !== undefined ? ` ${body.upload.progress} %` : ''}`;
}

async function upload(env: Env, args: Args): Promise<number> {
  const file = args.positional[0];
  if (!file) throw new Failure(EXIT.USAGE, USAGE);
  const size = statSync(file).size;
  const query = new URLSearchParams({ fileName: basename(file) });
  for (const [flag, param] of [
    ['title', 'title'],
    ['id', 'id'],
    ['missing', 'missing'],
    ['sheet', 'sheet'],
    ['header-row', 'headerRow'],
  ] as const) {
    const v = flagText(args, flag);
    if (v !== undefined) query.set(param, v);
  }
  const mapping = flagText(args, 'mapping');
  if (mapping) query.set('mapping', mapping === 'auto' ? 'auto' : await readFile(mapping, 'utf8'));
  if (args.flags.has('check-only')) query.set('checkOnly', 'true');
  if (args.flags.has('row-number')) query.set('rowNumber', 'true');
  const wait = waitSeconds(args);
  if (wait) query.set('wait', wait);
  const versionOf = flagText(args, 'version-of');
  const path = versionOf ? `/api/datafiles/${encodeURIComponent(versionOf)}/versions` : '/api/datafiles';
  env.log(
    `uploading ${basename(file)} (${(size / 1_048_576).toFixed(1)} MB), then checking${wait ? ' and waiting' : ''}…`,
  );
  const res = await call(env, `${path}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) },
    body: Readable.toWeb(createReadStream(file)) as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const body = await answer(env, res);
  env.log(summary(body));
  console.log(JSON.stringify(body, null, 2));
  return res.status === 202 ? (wait ? EXIT.STILL_PROCESSING : EXIT.OK) : EXIT.OK;
}

/** A draft checked with --check-only, charged with the estimate it answered. */
async function confirm(env: Env, args: Args): Promise<number> {
  const id = args.positional[0];
  const credits = flagText(args, 'credits');
  if (!id || !credits) throw new Failure(EXIT.USAGE, USAGE);
  const query = new URLSearchParams({ creditAmount: credits });
  const wait = waitSeconds(args);
  if (wait) query.set('wait', wait);
  const res = await call(env, `/api/datafiles/${encodeURIComponent(id)}/confirm?${query}`, { method: 'POST' });
  const body = await answer(env, res);
  env.log(summary(body));
  console.log(JSON.stringify(body, null, 2));
  return res.status === 202 && wait ? EXIT.STILL_PROCESSING : EXIT.OK;
}

async function status(env: Env, args: Args): Promise<number> {
  const id = args.positional[0];
  if (!id) throw new Failure(EXIT.USAGE, USAGE);
  const wait = waitSeconds(args);
  const deadline = Date.now() + (wait === 'true' ? 600 : Number(wait ?? 0)) * 1000;
  for (;;) {
    const res = await call(env, `/api/datafiles/${encodeURIComponent(id)}`);
    const body = await answer(env, res);
    if (res.status !== 202 || Date.now() >= deadline) {
      env.log(summary(body));
      console.log(JSON.stringify(body, null, 2));
      return res.status === 202 && wait ? EXIT.STILL_PROCESSING : EXIT.OK;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function writeOut(args: Args, bytes: Uint8Array, env: Env): Promise<void> {
  const output = flagText(args, 'output');
  if (output) {
    writeFileSync(output, bytes);
    env.log(`wrote ${output} (${bytes.length} bytes)`);
  } else process.stdout.write(bytes);
}

async function scores(env: Env, args: Args): Promise<number> {
  const id = args.positional[0];
  if (!id) throw new Failure(EXIT.USAGE, USAGE);
  const query = new URLSearchParams({ format: flagText(args, 'format') ?? 'csv' });
  const delimiter = flagText(args, 'delimiter');
  if (delimiter) query.set('delimiter', delimiter);
  const res = await call(env, `/api/datafiles/${encodeURIComponent(id)}/scores?${query}`);
  if (res.status >= 400) await answer(env, res);
  await writeOut(args, new Uint8Array(await res.arrayBuffer()), env);
  return EXIT.OK;
}

async function graphql(env: Env, query: string, variables: Record<string, unknown>) {
  const res = await call(env, '/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) {
    for (const e of body.errors) env.log(`${e.extensions?.code ?? 'ERROR'}: ${e.message}`);
    const code = body.errors[0]!.extensions?.code;
    throw new Failure(code === 'UNAUTHENTICATED' || code === 'NO_DATAFILE_FOUND' ? EXIT.NOT_ALLOWED : EXIT.REFUSED, '');
  }
  return body.data;
}

const EXPORT_FIELDS = 'jobId state progress downloadUrl fileName error { code message }';

/** The cleaned export (a saved cleaning is needed: DATAFILE_NOT_CLEANED otherwise): the export job, then its file. */
async function exportFile(env: Env, args: Args): Promise<number> {
  const id = args.positional[0];
  if (!id) throw new Failure(EXIT.USAGE, USAGE);
  const format = (flagText(args, 'format') ?? 'xlsx').toUpperCase();
  let job = (
    await graphql(env, `mutation($i:ExportRequestInput!){requestDatafileExport(input:$i){${EXPORT_FIELDS}}}`, {
      i: { datafileId: id, format, language: env.lang },
    })
  ).requestDatafileExport;
  while (job.state === 'QUEUED' || job.state === 'RUNNING') {
    env.log(`export ${job.state.toLowerCase()} ${job.progress} %`);
    await new Promise((r) => setTimeout(r, 1000));
    job = (await graphql(env, `query($j:ID!){getExportJob(jobId:$j){${EXPORT_FIELDS}}}`, { j: job.jobId }))
      .getExportJob;
  }
  if (job.state !== 'SUCCEEDED') {
    env.log(`${job.error?.code ?? job.state}: ${job.error?.message ?? ''}`);
    throw new Failure(EXIT.REFUSED, '');
  }
  const res = await fetch(new URL(job.downloadUrl, env.url));
  if (!res.ok) throw new Failure(EXIT.SERVER, `download: HTTP ${res.status}`);
  await writeOut(args, new Uint8Array(await res.arrayBuffer()), env);
  return EXIT.OK;
}

export async function main(argv: readonly string[], source: NodeJS.ProcessEnv = process.env): Promise<number> {
  const log = (line: string) => void process.stderr.write(`${line}\n`);
  const args = parseArgs(argv);
  try {
    if (args.command === '' || args.flags.has('help') || args.command === 'help' || args.command === '--help') {
      log(USAGE);
      return args.command === '' ? EXIT.USAGE : EXIT.OK;
    }
    const env = envOf(source, log);
    switch (args.command) {
      case 'upload':
        return await upload(env, args);
      case 'confirm':
        return await confirm(env, args);
      case 'status':
        return await status(env, args);
      case 'scores':
        return await scores(env, args);
      case 'export':
        return await exportFile(env, args);
      default:
        throw new Failure(EXIT.USAGE, USAGE);
    }
  } catch (error) {
    if (error instanceof Failure) {
      if (error.message) log(error.message);
      return error.exit;
    }
    log(String(error));
    return EXIT.SERVER;
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
