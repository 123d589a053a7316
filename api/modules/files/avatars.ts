import { AppError } from '../../kernel/errors/errors';
import { randomToken } from '../../lib/crypto';
import type { BlobStore } from '../../infra/blob-store';

export { AVATAR_MAX_BYTES } from '../../infra/blob-store';
const IMAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(png|jpe?g|webp)$/i;

/** Folders of public images: user and company avatars, and the client logos of quality reports (by datafile id). */
export const AVATAR_KINDS = ['users', 'companies', 'reports'] as const;
export type AvatarKind = (typeof AVATAR_KINDS)[number];

/** Storage path for an avatar: under the user or company id (or the datafile id for a report's client logo), a generated prefix, the (checked) file name. */
export function avatarPath(kind: AvatarKind, ownerId: string, imageKey: string): string {
  if (!IMAGE_KEY.test(imageKey))
    throw new AppError('INVALID_PARAMETERS', { field: 'imageKey', reason: 'IMAGE_FILE_NAME' });
  return `avatars/${kind}/${ownerId}/${randomToken(6)}-${imageKey.toLowerCase()}`;
}

/**
 * Whether a stored image value is one of ours (a path from an avatar upload) of the given kinds; by
 * default a user's or company's avatar, so a profile cannot point at a report's logo.
 */
export function isAvatarPath(value: string, kinds: readonly AvatarKind[] = ['users', 'companies']): boolean {
  const m = /^\/files\/avatars\/([a-z]+)\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{8}-[a-z0-9._-]{1,104}$/.exec(value);
  return m !== null && (kinds as readonly string[]).includes(m[1]!);
}

/** Content sniffing: only PNG, JPEG and WebP, whatever the Content-Type says. */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' &&
    String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** The signed PUT for an avatar in the shape the GraphQL API returns (getUserAvatarUploadURL, getCompanyAvatarUploadURL). */
export function avatarUploadUrl(blobs: BlobStore, path: string, now: Date): { signedUrl: string; expiresAt: string } {
  const { url, expiresAt } = blobs.signedPut('avatar', path, now);
  return { signedUrl: url, expiresAt };
}
