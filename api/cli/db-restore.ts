import { readEnv } from '../env';
import { blobStoreConfig, createBlobStore } from '../infra/blob-store';
import { restore } from './backup/restore';

// `npm run db:restore -- <backup folder> [--force]`: the backup's database where DATABASE_URL points,
// its storage objects into the configured store (api/cli/backup/restore.ts). Stop the servers first.
// Exits 1 when an object the restored database needs is missing from the store.
const args = process.argv.slice(2);
const backupDir = args.find((a) => !a.startsWith('--'));
if (!backupDir) {
  console.error('usage: npm run db:restore -- <backup folder> [--force]');
  process.exit(2);
}
const env = readEnv();
const blobs = createBlobStore(blobStoreConfig(env, env.appSecret ?? 'restore-makes-no-signed-urls'));
const report = await restore({
  backupDir,
  databaseUrl: env.databaseUrl,
  blobs,
  force: args.includes('--force'),
  now: new Date(),
}).catch((error: unknown) => {
  // A refusal says what to do; no stack for the operator.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
console.log(JSON.stringify(report));
if (report.missing.some((m) => m.required)) process.exit(1);
