import { createDb, type Db, type DbHandle } from '../db/client';
import { migrateDb } from '../db/migrate';
import type { Env } from './env';
import { randomToken } from './lib/crypto';
import { systemClock, type Clock } from './lib/clock';
import { consoleLogger, type Logger } from './lib/logger';
import { loadPasswordKeys, type PasswordKeys } from './modules/auth/password-encryption';
import { createStorage, type Storage } from './modules/files/storage';
import { createSmtpTransport, type MailTransport } from './modules/mail/mail.transport';
import { readOrCreateSetting } from './modules/settings/settings.repo';

/** Everything the app needs from outside; tests build their own (temporary database, fixed clock, test SMTP). */
export type Deps = {
  env: Env;
  db: Db;
  clock: Clock;
  log: Logger;
  passwordKeys: PasswordKeys;
  /** Seals API keys and integration passwords, signs upload URLs. */
  appSecret: string;
  mailTransport: MailTransport | undefined;
  storage: Storage;
  close: () => void;
};

export async function createDeps(
  env: Env,
  overrides: { clock?: Clock; log?: Logger; mailTransport?: MailTransport; handle?: DbHandle } = {},
): Promise<Deps> {
  const handle = overrides.handle ?? (await createDb(env.databaseUrl, env.databaseAuthToken));
  await migrateDb(handle.db);
  const clock = overrides.clock ?? systemClock;
  // Outside production a secret is generated once and kept in the database, so `npm start` needs no setup.
  const appSecret = env.appSecret ?? (await readOrCreateSetting(handle.db, 'appSecret', () => randomToken(32), clock.now()));
  const passwordKeys = await loadPasswordKeys(handle.db, appSecret, clock.now());
  const mailTransport = overrides.mailTransport ?? (env.smtpUrl ? createSmtpTransport(env.smtpUrl) : undefined);
  return {
    env,
    db: handle.db,
    clock,
    log: overrides.log ?? consoleLogger,
    passwordKeys,
    appSecret,
    mailTransport,
    storage: createStorage(env, appSecret),
    close: () => {
      mailTransport?.close();
      handle.close();
    },
  };
}
