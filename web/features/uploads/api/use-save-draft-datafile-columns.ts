import { useSWRConfig } from 'swr';
import { graphql } from '../../../lib/gql';
import { revalidateOperations, useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation saveDraftDatafileColumns($datafileId: ID!, $selectedColumns: [SelectedColumnInput!]!) {
    saveDraftDatafileColumns(datafileId: $datafileId, selectedColumns: $selectedColumns) { state }
  }
`);

/** Step 2's save: stores the data points and starts their check; the check and the draft are read again. */
export function useSaveDraftDatafileColumns() {
  const { mutate } = useSWRConfig();
  const mutation = useGqlMutation(DOCUMENT);
  return {
    ...mutation,
    save: async (variables: Parameters<typeof mutation.trigger>[0]) => {
      await mutation.trigger(variables);
      await revalidateOperations(mutate, 'getUploadCheck', 'getDraftedDatafile');
    },
  };
}
