import { graphql } from '../../../lib/gql';
import type {
  GetCompanyTransactionsGroupedByDatafileQuery,
  GetCompanyTransactionsGroupedByDatafileQueryVariables,
} from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getCompanyTransactionsGroupedByDatafile($companyId: ID!, $search: String, $types: [TransactionType!], $page: PageInput) {
    getCompanyTransactionsGroupedByDatafile(companyId: $companyId, search: $search, types: $types, page: $page) {
      transactions {
        transactionId
        datafileId
        description
        numberOfRecords
        datafileDeleted
        createdDate
        latestTransactionDate
        creditPlanDetails { id name type }
        type
        amount
        numberOfUpdates
      }
      pageInfo { page limit total previousPage nextPage }
    }
  }
`);

export type { TransactionType } from '../../../lib/gql/graphql';
/** A row of the transaction card, as getCompanyTransactionsGroupedByDatafile selects it. */
export type TransactionGroup =
  GetCompanyTransactionsGroupedByDatafileQuery['getCompanyTransactionsGroupedByDatafile']['transactions'][number];

export function useGetCompanyTransactionsGroupedByDatafile(
  variables: GetCompanyTransactionsGroupedByDatafileQueryVariables,
) {
  return useGqlQuery(DOCUMENT, variables, { keepPreviousData: true });
}
