import { useSWRConfig } from 'swr';
import { graphql } from '../../../lib/gql';
import { revalidateOperations, useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation changeDatafileUploadingProgressStatus($datafileInputObject: DatafileProgressInput!, $selectedColumns: [SelectedColumnInput!], $creditAmount: Int!, $status: DatafileStatus!) {
    changeDatafileUploadingProgressStatus(datafileInputObject: $datafileInputObject, selectedColumns: $selectedColumns, creditAmount: $creditAmount, status: $status) { status message }
  }
`);

/** Step 3's confirmation: processing starts; the progress and the wallet are read again. */
export function useConfirmUpload() {
  const { mutate } = useSWRConfig();
  const mutation = useGqlMutation(DOCUMENT);
  return {
    ...mutation,
    confirm: async (datafileId: string, creditAmount: number) => {
      await mutation.trigger({ datafileInputObject: { datafileId }, creditAmount, status: 'PROCESSING' });
      await revalidateOperations(mutate, 'getDatafileUploadingProgress', 'getDraftedDatafile');
    },
  };
}
