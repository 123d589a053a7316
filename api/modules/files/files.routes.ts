import type { Context, Hono } from 'hono';
import type { Deps } from '../../kernel/deps';
import { DEFAULT_LOCALE, localeFromHeader } from '../../lib/i18n';
import type { ErrorCode } from '../../kernel/errors/error-codes';
import { AppError, messageOf, type AppErrorDetails } from '../../kernel/errors/errors';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import { AVATAR_KINDS, imageTypeOf, isAvatarPath } from './avatars';
import { blobPolicies, contentTypeForKey, isValidBlobKey, type BlobKind } from '../../infra/blob-store';
import { checkGetSignature, checkPutSignature } from '../../infra/blob-store';
import { claimSignedPut, releaseSignedPut } from './signed-put-uses.repo';

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

const KINDS: readonly BlobKind[] = ['avatar', 'upload', 'export'];

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
    const kind = c.req.query('kind') as BlobKind | undefined;
    if (!key || !kind || !KINDS.includes(kind)) return refuse(c, 404, 'INVALID_PARAMETERS', 'UNKNOWN_PATH');
    const check = checkPutSignature(
      deps.appSecret,
      kind,
      key,
      c.req.query('expires'),
      c.req.query('sig'),
      deps.clock.now(),
    );
    if (check !== 'OK') return refuse(c, 403, 'UNAUTHORIZED', check === 'EXPIRED' ? 'URL_EXPIRED' : 'BAD_SIGNATURE');
    const policy = policies[kind];
    if (!key.startsWith(policy.prefix) || (kind === 'avatar' && !isAvatarPath(`/files/${key}`, AVATAR_KINDS)))
      return refuse(c, 404, 'INVALID_PARAMETERS', 'UNKNOWN_PATH');
    const contentType = (c.req.header('content-type') ?? 'application/octet-stream')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!policy.contentTypes.includes(contentType)) return refuse(c, 415, 'INVALID_PARAMETERS', 'CONTENT_TYPE');
    // Refused before a byte is read when the declared size is over the cap.
    const declaredHeader = c.req.header('content-length');
    const declared = declaredHeader === undefined ? null : Number(declaredHeader);
    if (declared !== null && (!Number.isSafeInteger(declared) || declared < 0))
      return refuse(c, 400, 'INVALID_PARAMETERS', 'CONTENT_LENGTH');
    if (declared !== null && declared > policy.maxBytes)
      return refuse(c, 413, 'INVALID_PARAMETERS', 'TOO_LARGE', { maxMegabytes: megabytes(policy.maxBytes) });
    const body = c.req.raw.body;
    if (!body || declared === 0) return refuse(c, 400, 'INVALID_PARAMETERS', 'EMPTY');
    // A signed PUT works once: otherwise the same URL could replace a file after it was checked and
    // priced. The insert decides between concurrent PUTs; a PUT that stores nothing gives it back.
    const signature = c.req.query('sig')!;
    const expiresAt = new Date(Number(c.req.query('expires'))).toISOString();
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
    const name = c.req.query('name');
    const check = checkGetSignature(
      deps.appSecret,
      key,
      c.req.query('expires'),
      name,
      c.req.query('sig'),
      deps.clock.now(),
    );
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
