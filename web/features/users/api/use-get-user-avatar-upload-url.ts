import { useCallback } from 'react';
import { graphql } from '../../../lib/gql';
import { GraphQLRequestError, refusalFromPayload } from '../../../lib/graphql-client';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getUserAvatarUploadURL($imageKey: String!, $userId: ID!) {
    getUserAvatarUploadURL(imageKey: $imageKey, userId: $userId) {
      signedUrl
      imageUrl
      expiresAt
    }
  }
`);

/**
 * A fresh short-lived upload URL each time, so it is fetched on demand (SWR mutation) rather than
 * cached as a query.
 */
export function useGetUserAvatarUploadUrl() {
  return useGqlMutation(DOCUMENT);
}

/** Avatars are PNGs drawn by the cropper; the server accepts at most 2 MB and sniffs the bytes. */
export const AVATAR_CONTENT_TYPE = 'image/png';

/**
 * Uploads a cropped avatar: asks for a signed URL, PUTs the bytes there and returns the image path
 * to send as `image` in updateUser.
 */
export function useUploadUserAvatar() {
  const { trigger } = useGetUserAvatarUploadUrl();
  return useCallback(
    async (userId: string, image: Blob): Promise<string> => {
      const { getUserAvatarUploadURL: target } = await trigger({ imageKey: `avatar-${Date.now()}.png`, userId });
      let response: Response;
      try {
        response = await fetch(target.signedUrl, {
          method: 'PUT',
          headers: { 'Content-Type': AVATAR_CONTENT_TYPE },
          body: image,
        });
      } catch {
        throw new GraphQLRequestError('S3_FILE_UPLOAD_FAILED', 'Avatar upload failed', 0);
      }
      if (!response.ok) {
        // The upload endpoint answers refusals in the GraphQL error shape (too large, not an image, expired).
        const body = (await response.json().catch(() => null)) as {
          errors?: { extensions?: Record<string, unknown> }[];
        } | null;
        const refusal = refusalFromPayload(body?.errors?.[0], 'S3_FILE_UPLOAD_FAILED');
        throw new GraphQLRequestError(
          refusal.code,
          'Avatar upload failed',
          response.status,
          refusal.reason,
          refusal.params,
        );
      }
      return target.imageUrl;
    },
    [trigger],
  );
}
