import type { Context, Hono } from 'hono';
import * as z from 'zod';
import type { Deps } from '../../kernel/deps';
import { DEFAULT_LOCALE, localeFromHeader } from '../../lib/i18n';
import type { ErrorCode } from '../../kernel/errors/error-codes';
import { AppError, messageOf, type AppErrorDetails } from '../../kernel/errors/errors';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import { AVATAR_KINDS, imageTypeOf, isAvatarPath } from './avatars';
import { blobPolicies, contentTypeForKey, isValidBlobKey, type BlobKind } from '../../infra/blob-store';
import { checkGetSignature, checkPutSignature } from '../../infra/blob-store';
import { claimSignedPut, releaseSignedPut } from './signed-put-uses.repo';
import type { RouteDoc } from '../../lib/openapi';

/** The same error body as GraphQL answers (message in the caller's language, code and reason in extensions). */
const refuse = (c: Context, status: number, code: ErrorCode, reason?: RefusalReason, extra: AppErrorDetails = {}) => {
  // As GraphQL does: a client's chosen language (x-locale) before the browser's (Accept-Language).
  const locale = localeFromHeader(c.req.header('x-locale') ?? c.req.header('accept-language')) ?? DEFAULT_LOCALE;
  const details: AppErrorDetails = reason ? { reason, ...extra } : extra;
  return c.json(
    { errors: [{ message: messageOf(new AppError(code, details), locale), extensions: { code, ...details } }] },
    status as 400,
  );
};

const KINDS = ['avatar', 'upload', 'export'] as const satisfies readonly BlobKind[];

// What the signed URLs carry (signed-urls.ts writes them): a malformed expiry or signature is a bad
// signature (403), an unknown kind an unknown path (404), as the checks answered before zod did.
const Expires = z
  .string()
  .regex(/^\d{1,15}$/)
  .describe('Expiry (milliseconds since 1970), signed with the URL.');
const Sig = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe('The URL’s HMAC signature.');
const FileKey = z.object({ key: z.string().min(1).describe('The stored file’s key: the rest of the path.') });
export const SignedPutQuery = z.object({
  kind: z.enum(KINDS).describe('What is uploaded: it decides the size cap, content types and key prefix.'),
  expires: Expires,
  sig: Sig,
});
export const SignedPutHeaders = z.object({
  'content-type': z.string().optional().describe('One of the kind’s types (default application/octet-stream).'),
  'content-length': z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Refused before a byte is read when over the kind’s cap.'),
});
export const SignedGetQuery = z.object({
  expires: Expires,
  name: z.string().optional().describe('The file name to save as (signed with the URL).'),
  sig: Sig,
});

/** The fields of a request part that failed its schema (none when it passed). */
const failedFields = (parsed: { success: boolean; error?: z.ZodError }) =>
  new Set((parsed.error?.issues ?? []).map((issue) => String(issue.path[0] ?? '')));

/** A cap in megabytes (one decimal), for the refusal message. */
const megabytes = (bytes: number) => Math.max(0.1, Math.round(bytes / 104_857.6) / 10);

/** The request body refused on the way to disk: it carries the HTTP answer. */
class BodyRefused extends Error {
  constructor(
    readonly status: number,
    readonly reason: RefusalReason,
  ) {
    super(reason);
  }
}

/**
 * Counts the bytes as they pass and stops the stream past the cap; for avatars it also checks the
 * first bytes are an image (decided at the end, so an oversized body is refused as too large
 * whatever it holds). Nothing is buffered beyond the sniffed head, so a 500 MB upload costs no
 * more memory than a small one.
 */
function guardBody(maxBytes: number, sniffImage: boolean) {
  let total = 0;
  let head: Uint8Array | null = sniffImage ? new Uint8Array(0) : null;
  let image = !sniffImage;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.length;
      if (total > maxBytes) throw new BodyRefused(413, 'TOO_LARGE');
      if (head) {
        const joined = new Uint8Array(head.length + chunk.length);
        joined.set(head);
        joined.set(chunk, head.length);
        if (joined.length < 16) return void (head = joined);
        image = !!imageTypeOf(joined);
        head = null;
        chunk = joined;
      }
      controller.enqueue(chunk);
    },
    flush(controller) {
      if (head) {
        image = !!imageTypeOf(head);
        controller.enqueue(head);
      }
      if (!image) throw new BodyRefused(415, 'NOT_AN_IMAGE');
    },
  });
}

const keyOf = (c: Context) => {
  const raw = new URL(c.req.url).pathname.replace(/^\/files\//, '');
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isValidBlobKey(key) ? key : null;
};

/**
 * Local blob store endpoints (with S3 the browser talks to the bucket):
 * - PUT /files/<key>?kind&expires&sig: a signed upload, streamed to disk, checked against the
 *   kind's size cap (declared Content-Length first, then the bytes that arrive) and content type;
 * - GET /files/avatars/...: public avatar images (the URLs stored on users and companies);
 * - GET /files/<key>?expires&sig[&name]: a signed download.
 */
export function registerFileRoutes(app: Hono, deps: Deps) {
  const policies = blobPolicies(deps.env);

  app.put('/files/*', async (c) => {
    const key = keyOf(c);
    const query = SignedPutQuery.safeParse(c.req.query());
    if (!key || failedFields(query).has('kind')) return refuse(c, 404, 'INVALID_PARAMETERS', 'UNKNOWN_PATH');
    if (!query.success) return refuse(c, 403, 'UNAUTHORIZED', 'BAD_SIGNATURE');
    const { kind, expires, sig: signature } = query.data;
    const check = checkPutSignature(deps.appSecret, kind, key, expires, signature, deps.clock.now());
    if (check !== 'OK') return refuse(c, 403, 'UNAUTHORIZED', check === 'EXPIRED' ? 'URL_EXPIRED' : 'BAD_SIGNATURE');
    const policy = policies[kind];
    if (!key.startsWith(policy.prefix) || (kind === 'avatar' && !isAvatarPath(`/files/${key}`, AVATAR_KINDS)))
      return refuse(c, 404, 'INVALID_PARAMETERS', 'UNKNOWN_PATH');
    const headers = SignedPutHeaders.safeParse(c.req.header());
    const contentType = (c.req.header('content-type') ?? 'application/octet-stream')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!policy.contentTypes.includes(contentType)) return refuse(c, 415, 'INVALID_PARAMETERS', 'CONTENT_TYPE');
    if (!headers.success) return refuse(c, 400, 'INVALID_PARAMETERS', 'CONTENT_LENGTH');
    // Refused before a byte is read when the declared size is over the cap.
    const declared = headers.data['content-length'] ?? null;
    if (declared !== null && declared > policy.maxBytes)
      return refuse(c, 413, 'INVALID_PARAMETERS', 'TOO_LARGE', { maxMegabytes: megabytes(policy.maxBytes) });
    const body = c.req.raw.body;
    if (!body || declared === 0) return refuse(c, 400, 'INVALID_PARAMETERS', 'EMPTY');
    // A signed PUT works once: otherwise the same URL could replace a file after it was checked and
    // priced. The insert decides between concurrent PUTs; a PUT that stores nothing gives it back.
    const expiresAt = new Date(Number(expires)).toISOString();
    if (!(await claimSignedPut(deps.db, { signature, key, expiresAt }, deps.clock.now())))
      return refuse(c, 409, 'UNAUTHORIZED', 'URL_ALREADY_USED');
    const release = () => releaseSignedPut(deps.db, signature, key).catch(() => undefined);
    try {
      const { size } = await deps.blobs.put(key, body.pipeThrough(guardBody(policy.maxBytes, kind === 'avatar')), {
        contentType,
      });
      if (size === 0) {
        await deps.blobs.delete(key);
        await release();
        return refuse(c, 400, 'INVALID_PARAMETERS', 'EMPTY');
      }
      if (declared !== null && size !== declared) {
        await deps.blobs.delete(key);
        await release();
        return refuse(c, 400, 'INVALID_PARAMETERS', 'CONTENT_LENGTH');
      }
      return c.json({ ok: true, key, size, ...(kind === 'avatar' ? { imageUrl: `/files/${key}` } : {}) });
    } catch (error) {
      // The store wrote to a temp file only: a refused or broken body leaves nothing under the key.
      await release();
      if (error instanceof BodyRefused)
        return refuse(
          c,
          error.status,
          'INVALID_PARAMETERS',
          error.reason,
          error.reason === 'TOO_LARGE' ? { maxMegabytes: megabytes(policy.maxBytes) } : {},
        );
      deps.log.error('signed upload failed', error);
      return refuse(c, 500, 'S3_FILE_UPLOAD_FAILED');
    }
  });

  app.get('/files/avatars/*', async (c) => {
    const key = keyOf(c);
    if (!key || !isAvatarPath(`/files/${key}`, AVATAR_KINDS)) return c.text('Not found', 404);
    if (deps.blobs.kind === 's3')
      return c.redirect(deps.blobs.signedGet(key, deps.clock.now(), { ttlSeconds: 3600 }), 302);
    const bytes = await deps.blobs.getBytes(key);
    if (!bytes) return c.text('Not found', 404);
    // Names are generated per upload, so a stored file never changes: cache it for a year.
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': imageTypeOf(bytes) ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.get('/files/*', async (c) => {
    const key = keyOf(c);
    if (!key) return c.text('Not found', 404);
    const query = SignedGetQuery.safeParse(c.req.query());
    if (!query.success) return refuse(c, 403, 'UNAUTHORIZED', 'BAD_SIGNATURE');
    const { expires, name, sig } = query.data;
    const check = checkGetSignature(deps.appSecret, key, expires, name, sig, deps.clock.now());
    if (check !== 'OK') return refuse(c, 403, 'UNAUTHORIZED', check === 'EXPIRED' ? 'URL_EXPIRED' : 'BAD_SIGNATURE');
    const [size, stream] = await Promise.all([deps.blobs.stat(key), deps.blobs.get(key)]);
    if (!size || !stream) return c.text('Not found', 404);
    // Always a download: stored files are never rendered on this origin.
    const filename = (name ?? key.slice(key.lastIndexOf('/') + 1)).replace(/[^\w.\- ]/g, '_');
    return new Response(stream, {
      status: 200,
      headers: {
        'Content-Type': contentTypeForKey(key),
        'Content-Length': String(size.size),
        'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(name ?? filename)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}

const stored = (description: string) => ({ description, contentType: 'application/json' });

export const FILE_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'put',
    path: '/files/*',
    tag: 'files',
    summary: 'A signed upload (local blob store): the URL comes from getDatafileUploadURL or the avatar calls.',
    description: 'Each signed URL works once. The body is streamed to disk and counted against the kind’s cap.',
    security: ['signedUrl'],
    params: FileKey,
    query: SignedPutQuery,
    headers: SignedPutHeaders,
    body: { contentTypes: ['application/octet-stream'], description: 'The file’s bytes, at most the kind’s cap.' },
    responses: {
      200: stored('Stored: { ok, key, size } (and imageUrl for an avatar).'),
      400: stored('Empty body, or a Content-Length that is not the body’s size (CONTENT_LENGTH, EMPTY).'),
      403: stored('Bad or expired signature (BAD_SIGNATURE, URL_EXPIRED).'),
      404: stored('Unknown kind or a key outside the kind’s prefix (UNKNOWN_PATH).'),
      409: stored('The URL was used already (URL_ALREADY_USED).'),
      413: stored('Over the kind’s cap (TOO_LARGE, with maxMegabytes).'),
      415: stored('A content type the kind does not take, or an avatar that is not an image.'),
    },
  },
  {
    method: 'get',
    path: '/files/avatars/*',
    tag: 'files',
    summary: 'A public avatar or logo image.',
    params: FileKey,
    responses: { 200: { description: 'The image.', contentType: 'image/png' }, 404: { description: 'No such image.' } },
  },
  {
    method: 'get',
    path: '/files/*',
    tag: 'files',
    summary: 'A signed download (exports).',
    security: ['signedUrl'],
    params: FileKey,
    query: SignedGetQuery,
    responses: {
      200: { description: 'The file, as a download.', contentType: 'application/octet-stream' },
      403: stored('Bad or expired signature (BAD_SIGNATURE, URL_EXPIRED).'),
      404: { description: 'No such file.' },
    },
  },
];
