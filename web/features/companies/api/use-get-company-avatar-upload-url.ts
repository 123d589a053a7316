import { graphql } from '../../../lib/gql';
import { gqlRequest } from '../../../lib/graphql-client';

const DOCUMENT = graphql(`
  query getCompanyAvatarUploadURL($imageKey: String!, $companyId: ID!) {
    getCompanyAvatarUploadURL(imageKey: $imageKey, companyId: $companyId) { signedUrl imageUrl expiresAt }
  }
`);

/**
 * Asks for a signed PUT URL and uploads the 65x65 PNG to it; resolves with the imageUrl to store.
 * A one-shot call (not cached): each URL is single-use and short-lived.
 */
export function useUploadCompanyAvatar() {
  return async (companyId: string, png: Blob): Promise<string> => {
    const imageKey = `company-${companyId}-${Date.now()}.png`;
    const { getCompanyAvatarUploadURL: signed } = await gqlRequest(DOCUMENT, { imageKey, companyId });
    const response = await fetch(signed.signedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: png,
    });
    if (!response.ok) throw new Error(`avatar upload failed: ${response.status}`);
    return signed.imageUrl;
  };
}
