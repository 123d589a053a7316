import { useSWRConfig } from 'swr';
import { graphql } from '../../../lib/gql';
import { revalidateOperations, useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation saveDraftDatafileColumns($datafileId: ID!, $selectedColumns: [SelectedColumnInput!]!) {
    saveDraftDatafileColumns(datafileId: $datafileId, selectedColumns: $selectedColumns) {
      state progress
      issues { code reason message column rows columns }
      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }
    }
  }
`);

/**
 * Step 2's save: stores the data points and starts their check, and answers the new check's state
 * (PENDING), which the page puts in place of what it held; the draft is read again.
 */
export function useSaveDraftDatafileColumns() {
  const { mutate } = useSWRConfig();
  const mutation = useGqlMutation(DOCUMENT);
  return {
    ...mutation,
    save: async (variables: Parameters<typeof mutation.trigger>[0]) => {
      const answer = await mutation.trigger(variables);
      void revalidateOperations(mutate, 'getDraftedDatafile');
      return answer.saveDraftDatafileColumns;
    },
  };
}
