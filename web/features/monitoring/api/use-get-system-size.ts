import { graphql } from '../../../lib/gql';
import type { GetSystemSizeQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import { monitoringRefresh, SIZE_REFRESH_MS } from './refresh';

const DOCUMENT = graphql(`
  query getSystemSize {
    getSystemSize {
      database { kind pageCount pageSize bytes freeBytes walBytes }
      storage { kind bytes objects folders { prefix bytes objects } measuredAt }
    }
  }
`);

export type SystemSize = GetSystemSizeQuery['getSystemSize'];

export function useGetSystemSize() {
  return useGqlQuery(DOCUMENT, {}, monitoringRefresh(SIZE_REFRESH_MS));
}
