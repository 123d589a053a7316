import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query getCompanyTransactionsGroupedByDatafile($companyId: ID!, $search: String, $types: [TransactionType!], $page: PageInput) {
    getCompanyTransactionsGroupedByDatafile(companyId: $companyId, search: $search, types: $types, page: $page) {
      transactions {
        transactionId
        datafileId
        description
        numberOfRecords
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
`;

export type TransactionType = 'RECEIVED' | 'USED' | 'EXPIRED' | 'REFUND';
export type TransactionGroup = {
  transactionId: string;
  datafileId: string | null;
  description: string;
  numberOfRecords: number | null;
  createdDate: string;
  latestTransactionDate: string;
  creditPlanDetails: { id: string; name: string; type: string } | null;
  type: TransactionType;
  amount: number;
  numberOfUpdates: number | null;
};
export type PageInfo = { page: number; limit: number; total: number; previousPage: number | null; nextPage: number | null };
export type TransactionsVariables = { companyId: string; search: string | null; types: TransactionType[]; page: { page: number; limit: number } };

export function useGetCompanyTransactionsGroupedByDatafile(variables: TransactionsVariables) {
  return useGqlQuery<{ getCompanyTransactionsGroupedByDatafile: { transactions: TransactionGroup[]; pageInfo: PageInfo } }, TransactionsVariables>(
    DOCUMENT, 'getCompanyTransactionsGroupedByDatafile', variables, { keepPreviousData: true },
  );
}
