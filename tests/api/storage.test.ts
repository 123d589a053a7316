import { describe, expect, it } from 'vitest';
import { readEnv } from '../../api/env';
import { createStorage } from '../../api/modules/files/storage';
import { checkUploadSignature } from '../../api/modules/files/signed-urls';

describe('upload storage', () => {
  const now = new Date('2026-11-21T09:00:00.000Z');

  it('signs its own short-lived PUT URLs on local disk', () => {
    const storage = createStorage(readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test' }), 'secret-secret-secret-secret-secret');
    const { signedUrl, expiresAt } = storage.uploadUrl('avatars/users/u1/abcdefgh-me.png', now);
    const url = new URL(signedUrl);
    expect(url.origin + url.pathname).toBe('http://app.test/files/avatars/users/u1/abcdefgh-me.png');
    expect(expiresAt).toBe('2026-11-21T09:10:00.000Z');
    const check = (path: string, at: Date) => checkUploadSignature('secret-secret-secret-secret-secret', path, url.searchParams.get('expires')!, url.searchParams.get('sig')!, at);
    expect(check('avatars/users/u1/abcdefgh-me.png', now)).toBe('OK');
    expect(check('avatars/users/u2/abcdefgh-me.png', now)).toBe('INVALID');
    expect(check('avatars/users/u1/abcdefgh-me.png', new Date('2026-11-21T09:10:01.000Z'))).toBe('EXPIRED');
  });

  it('returns real presigned S3 URLs when a bucket is configured', () => {
    const env = readEnv({ NODE_ENV: 'test', S3_BUCKET: 'avatars-bucket', S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' });
    const storage = createStorage(env, 'x');
    expect(storage.kind).toBe('s3');
    const url = new URL(storage.uploadUrl('avatars/users/u1/abcdefgh-me.png', now).signedUrl);
    expect(url.pathname).toContain('avatars/users/u1/abcdefgh-me.png');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Credential')).toContain('AKIAEXAMPLE');
  });

  it('names what is missing when the S3 settings are incomplete', () => {
    expect(() => readEnv({ NODE_ENV: 'test', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  });
});
