import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import type { Deps } from '../../deps';
import { DEFAULT_LOCALE, localeFromHeader } from '../../lib/i18n';
import type { ErrorCode } from '../../graphql/error-codes';
import { AppError, messageOf, type AppErrorDetails } from '../../graphql/errors';
import { AVATAR_MAX_BYTES, imageTypeOf } from './avatars';
import { checkUploadSignature } from './signed-urls';

/** The same error body as GraphQL answers (message in the caller's language, code and reason in extensions). */
const refuse = (c: Context, status: number, code: ErrorCode, details: AppErrorDetails = {}) => {
  const locale = localeFromHeader(c.req.header('accept-language')) ?? DEFAULT_LOCALE;
  return c.json({ errors: [{ message: messageOf(new AppError(code, details), locale), extensions: { code, ...details } }] }, status as 400);
};

/**
 * PUT /files/avatars/... with a signed URL (getUserAvatarUploadURL / getCompanyAvatarUploadURL),
 * GET /files/avatars/... to show them. Files live under STORAGE_DIR with generated names.
 */
export function registerFileRoutes(app: Hono, deps: Deps) {
  const root = resolve(deps.env.storageDir);
  const pathOf = (c: Context) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname).replace(/^\/files\//, '');
    const target = normalize(join(root, path));
    return target.startsWith(root + sep) && /^avatars\/(users|companies)\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{8}-[a-z0-9._-]{1,104}$/.test(path) ? { path, target } : null;
  };

  app.put('/files/avatars/*', async (c) => {
    const where = pathOf(c);
    if (!where) return refuse(c, 404, 'INVALID_PARAMETERS', { reason: 'UNKNOWN_PATH' });
    const check = checkUploadSignature(deps.appSecret, where.path, c.req.query('expires'), c.req.query('sig'), deps.clock.now());
    if (check !== 'OK') return refuse(c, 403, 'UNAUTHORIZED', { reason: check === 'EXPIRED' ? 'URL_EXPIRED' : 'BAD_SIGNATURE' });
    // Size before reading the body, then again on what actually arrived.
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > AVATAR_MAX_BYTES) return refuse(c, 413, 'INVALID_PARAMETERS', { reason: 'TOO_LARGE', maxMegabytes: AVATAR_MAX_BYTES / 1024 / 1024 });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > AVATAR_MAX_BYTES) return refuse(c, 413, 'INVALID_PARAMETERS', { reason: 'TOO_LARGE', maxMegabytes: AVATAR_MAX_BYTES / 1024 / 1024 });
    if (bytes.length === 0 || !imageTypeOf(bytes)) return refuse(c, 415, 'INVALID_PARAMETERS', { reason: 'NOT_AN_IMAGE' });
    try {
      await mkdir(dirname(where.target), { recursive: true });
      await writeFile(where.target, bytes);
    } catch (error) {
      deps.log.error('avatar upload failed', error);
      return refuse(c, 500, 'S3_FILE_UPLOAD_FAILED');
    }
    return c.json({ ok: true, imageUrl: `/files/${where.path}` });
  });

  app.get('/files/avatars/*', async (c) => {
    const where = pathOf(c);
    if (where && deps.storage.downloadUrl) return c.redirect(deps.storage.downloadUrl(where.path), 302);
    const bytes = where ? await readFile(where.target).catch(() => null) : null;
    if (!bytes) return c.text('Not found', 404);
    // Names are generated per upload, so a stored file never changes: cache it for a year.
    return c.body(bytes, 200, { 'Content-Type': imageTypeOf(bytes) ?? 'application/octet-stream', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });
}
