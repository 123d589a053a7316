import { graphql } from '../../../lib/gql';
import type { GetCleaningAuditTrailQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getCleaningAuditTrail($datafileId: ID!, $page: PageInput) {
    getCleaningAuditTrail(datafileId: $datafileId, page: $page) {
      entries { id at action revision recordId reason userName detail }
      pageInfo { page limit total previousPage nextPage }
    }
  }
`);

export type AuditEntry = GetCleaningAuditTrailQuery['getCleaningAuditTrail']['entries'][number];
export const AUDIT_PAGE_SIZE = 8;

export function useCleaningAuditTrail(datafileId: string, page: number) {
  return useGqlQuery(
    DOCUMENT,
    { datafileId, page: { page, limit: AUDIT_PAGE_SIZE } },
    { enabled: Boolean(datafileId), revalidateOnFocus: false },
  );
}
