import { join } from 'node:path';
import { readEnv } from '../env';
import { blobStoreConfig, createBlobStore } from '../infra/blob-store';
import { backup } from './backup/backup';

// `npm run db:backup -- [--out <folder>] [--no-storage]`: a consistent copy of the database and a
// manifest of the storage objects (api/cli/backup/backup.ts), taken while the servers keep serving.
// Exits 1 when the copy fails its integrity check or an object it needs is missing from the store.
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const env = readEnv();
const now = new Date();
const outDir = outAt >= 0 ? args[outAt + 1]! : join('data', 'backups', now.toISOString().replace(/[:.]/g, '-'));
// The secret only signs URLs, which a backup never makes.
const blobs = createBlobStore(blobStoreConfig(env, env.appSecret ?? 'backup-makes-no-signed-urls'));
const manifest = await backup({
  databaseUrl: env.databaseUrl,
  blobs,
  outDir,
  copyStorage: !args.includes('--no-storage'),
  now,
}).catch((error: unknown) => {
  // A refusal says what to do; no stack for the operator.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
const required = manifest.missing.filter((m) => m.required);
console.log(
  JSON.stringify({
    backup: outDir,
    databaseBytes: manifest.database.bytes,
    integrity: manifest.database.integrity,
    objects: manifest.storage.objects.length,
    storageBytes: manifest.storage.bytes,
    storageCopied: manifest.storage.copied,
    referenced: manifest.referenced.length,
    missing: manifest.missing.map((m) => ({ key: m.key, required: m.required, why: m.why })),
  }),
);
if (manifest.database.integrity !== 'ok' || required.length > 0) process.exit(1);
