import { S3Client } from 'bun';
import type { Env } from '../../env';
import { signUploadUrl, UPLOAD_URL_TTL_MS } from './signed-urls';

/**
 * Where uploaded files live (decisions.md): on local disk under STORAGE_DIR by default, with the
 * API signing its own short-lived upload URLs; in an S3-compatible bucket when S3_BUCKET is set,
 * with real presigned URLs (the bucket then receives the bytes directly, so the image sniffing of
 * the local PUT endpoint does not apply; restrict the bucket's content types instead).
 */
export type Storage = {
  kind: 'local' | 's3';
  uploadUrl: (path: string, now: Date) => { signedUrl: string; expiresAt: string };
  /** For S3: a short-lived GET URL the /files route redirects to. */
  downloadUrl?: (path: string) => string;
};

export function createStorage(env: Env, appSecret: string): Storage {
  if (env.s3) {
    const client = new S3Client({ bucket: env.s3.bucket, endpoint: env.s3.endpoint, region: env.s3.region, accessKeyId: env.s3.accessKeyId, secretAccessKey: env.s3.secretAccessKey });
    const seconds = UPLOAD_URL_TTL_MS / 1000;
    return {
      kind: 's3',
      uploadUrl: (path, now) => ({ signedUrl: client.presign(path, { method: 'PUT', expiresIn: seconds, type: 'image/png' }), expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_MS).toISOString() }),
      downloadUrl: (path) => client.presign(path, { method: 'GET', expiresIn: 3600 }),
    };
  }
  return { kind: 'local', uploadUrl: (path, now) => signUploadUrl(appSecret, env.publicUrl, path, now) };
}
