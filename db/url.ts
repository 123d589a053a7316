import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';

/**
 * The database URL: DATABASE_URL, or the embedded file ./data/app.db. For file: URLs the folder is
 * created and a relative path is resolved against the working directory.
 */
export function resolveDatabaseUrl(raw = process.env.DATABASE_URL): string {
  const url = raw && raw.trim() !== '' ? raw.trim() : 'file:./data/app.db';
  if (!url.startsWith('file:')) return url;
  const path = url.slice('file:'.length);
  const absolute = isAbsolute(path) ? path : resolve(process.cwd(), path);
  mkdirSync(dirname(absolute), { recursive: true });
  return `file:${absolute}`;
}
