import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built SPA from `root` (absolute): hashed files under /assets/ cached for a year,
 * a real 404 for a missing asset, and index.html for every other path so client routes survive a reload.
 */
export function createStaticHandler(root: string) {
  const indexPath = join(root, 'index.html');
  return async (c: Context) => {
    const urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    const target = normalize(join(root, urlPath));
    if (target.startsWith(root + sep) && !target.includes(`${sep}.`)) {
      const info = await stat(target).catch(() => undefined);
      if (info?.isFile()) {
        const immutable = urlPath.startsWith('/assets/');
        return c.body(await readFile(target), 200, {
          'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
    }
    if (urlPath.startsWith('/assets/')) return c.text('Not found', 404);
    if (!existsSync(indexPath)) return c.text('The web app is not built. Run `npm run build:web`.', 503);
    return c.body(await readFile(indexPath), 200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  };
}
