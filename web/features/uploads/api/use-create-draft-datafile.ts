import { useSWRConfig } from 'swr';
import { graphql } from '../../../lib/gql';
import type { DatafileInput } from '../../../lib/gql/graphql';
import { revalidateOperations, useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation createDraftDatafile($datafileInput: DatafileInput!) {
    createDraftDatafile(datafileInput: $datafileInput) { status message datafileId }
  }
`);

/** Step 1's save: returns the datafile id; the draft and its preview are read again. */
export function useCreateDraftDatafile() {
  const { mutate } = useSWRConfig();
  const mutation = useGqlMutation(DOCUMENT);
  return {
    ...mutation,
    create: async (datafileInput: DatafileInput) => {
      const result = await mutation.trigger({ datafileInput });
      await revalidateOperations(mutate, 'getDraftedDatafile', 'getUploadPreview', 'getUploadCheck');
      return result.createDraftDatafile.datafileId;
    },
  };
}
