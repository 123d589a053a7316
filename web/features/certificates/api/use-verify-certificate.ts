import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const VERIFY_CERTIFICATE = graphql(`
  query verifyCertificate($certificateCode: String!) {
    verifyCertificate(certificateCode: $certificateCode) {
      certificateCode
      statement
      signature
      signatureValid
      keyId
      publicKey
      signedWithCurrentKey
      issuedAt
      datafileId
      datafileTitle
      companyName
      revision
      scoringVersion
      certificateLevel
      recordsBefore
      recordsAfter
      recordsRemoved
      keptRecordIdsDigest
      cleaningRules
    }
  }
`);

/** Checks a certificate code (public, no login); `code` null asks nothing. */
export function useVerifyCertificate(code: string | null) {
  return useGqlQuery(
    VERIFY_CERTIFICATE,
    { certificateCode: code ?? '' },
    { enabled: code !== null && code !== '', shouldRetryOnError: false, revalidateOnFocus: false },
  );
}
