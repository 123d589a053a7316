import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { readEnv } from '../env';
import { AppError, messageOf } from '../kernel/errors/errors';
import { systemClock } from '../lib/clock';
import { createOperator } from '../modules/users';

// `npm run admin:create-operator -- --email <address> [--first-name <name>] [--last-name <name>]`:
// an operator (SUPER_ADMIN) for a production install, which seeds no demo accounts. The password is
// read from standard input (piped: its first line) or asked for twice without echo; never from the
// command line, where the shell history and the process list would keep it.

const USAGE =
  'Usage: npm run admin:create-operator -- --email <address> [--first-name <name>] [--last-name <name>]\n' +
  '       The password is read from standard input or asked for; it is never an argument.';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function readHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new Error('cancelled'));
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk.toString();
    return text.split(/\r?\n/)[0] ?? '';
  }
  const first = await readHidden('Password for the new operator: ');
  const second = await readHidden('The same password again: ');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

if (process.argv.some((a) => a.startsWith('--password'))) {
  console.error(`The password is never a command-line argument.\n${USAGE}`);
  process.exit(2);
}
const email = option('email');
if (!email) {
  console.error(USAGE);
  process.exit(2);
}
const env = readEnv();
const handle = await createDb(env.databaseUrl, env.databaseAuthToken);
try {
  await migrateDb(handle.db);
  const password = await readPassword();
  const id = await createOperator(
    { db: handle.db, clock: systemClock },
    { email, firstName: option('first-name') ?? 'Operator', lastName: option('last-name') ?? 'Account', password },
  );
  console.log(`Operator ${email.trim().toLowerCase()} created (id ${id}); log in at ${env.publicUrl}/login.`);
} catch (error) {
  const detail = error instanceof AppError ? `${error.code}: ${messageOf(error, 'en')}` : (error as Error).message;
  console.error(`No operator created. ${detail}`);
  process.exitCode = 1;
} finally {
  handle.close();
}
