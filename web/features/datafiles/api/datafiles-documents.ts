import { graphql } from '../../../lib/gql';
import type {
  GetDatafilesForLoggedInUserQuery,
  GetDatafilesForLoggedInUserQueryVariables,
} from '../../../lib/gql/graphql';
import { useJobEvents, useJobPollMs } from '../../../lib/job-events';
import { useGqlMutation, useGqlQuery, type QueryName } from '../../../lib/swr-helpers';

const LIST = graphql(`
  query getDatafilesForLoggedInUser($filters: DatafileListFilters, $paginationInfo: PageInput) {
    getDatafilesForLoggedInUser(filters: $filters, paginationInfo: $paginationInfo) {
      currentPage previousPage nextPage totalNumberOfDatafiles
      datafiles {
        id title importType status progress isUpdating numberOfRecords numberOfCleanedRecords isCleaned
        meanCombinedScore certificateLevel createdDate canManage
        owner { id name { first last } image email accessLevel }
        contributors { id name { first last } image email accessLevel }
        company { id name image }
      }
    }
  }
`);

export type DatafileListPage = GetDatafilesForLoggedInUserQuery['getDatafilesForLoggedInUser'];
export type DatafileRow = DatafileListPage['datafiles'][number];
export type DatafileFilters = NonNullable<GetDatafilesForLoggedInUserQueryVariables['filters']>;
export type Person = DatafileRow['owner'];

/** The queries a datafile action can change (the list, its shares and the dashboard's counts). */
export const DATAFILE_QUERIES: readonly QueryName[] = [
  'getDatafilesForLoggedInUser',
  'getAllDatafileContributors',
  'getAvailableUsersAsContributorForDatafile',
  'getMyDatafilesSummaryForDashboard',
];

export function useGetDatafilesForLoggedInUser(filters: DatafileFilters, page: number, limit: number) {
  return useGqlQuery(LIST, { filters, paginationInfo: { page, limit } }, { keepPreviousData: true });
}

const PROGRESS = graphql(`
  query getDatafileListRowProgress($datafileId: ID!) {
    getDatafileUploadingProgress(datafileId: $datafileId) { datafileId status upload { kind status progress } }
  }
`);

/** Without the tab's event stream a processing row polls this often (a list may show several). */
const ROW_FALLBACK_POLL_MS = 2_000;

/**
 * Where a processing row stands: the upload's own progress, asked again when the tab's event stream
 * says the datafile's upload job moved (progress at most once a second), polled as the fallback
 * until it is done (then the list reloads).
 */
export function useRowProgress(datafileId: string, enabled: boolean) {
  const poll = Math.max(useJobPollMs(enabled), ROW_FALLBACK_POLL_MS);
  const query = useGqlQuery(
    PROGRESS,
    { datafileId },
    {
      enabled,
      refreshInterval: (data) => (data && data.getDatafileUploadingProgress.upload?.status !== 'PROCESSING' ? 0 : poll),
    },
  );
  useJobEvents(
    enabled,
    (event) => event.kind === 'upload' && event.datafileId === datafileId,
    () => void query.mutate(),
  );
  return query;
}

const CONTRIBUTORS = graphql(`
  query getAllDatafileContributors($datafileId: ID!) {
    getAllDatafileContributors(datafileId: $datafileId) { id name { first last } image email accessLevel }
  }
`);
const AVAILABLE = graphql(`
  query getAvailableUsersAsContributorForDatafile($datafileId: ID!) {
    getAvailableUsersAsContributorForDatafile(datafileId: $datafileId) { id name { first last } image email accessLevel }
  }
`);

export const useGetAllDatafileContributors = (datafileId: string | null) =>
  useGqlQuery(CONTRIBUTORS, { datafileId: datafileId ?? '' }, { enabled: Boolean(datafileId) });
export const useGetAvailableUsersAsContributor = (datafileId: string | null) =>
  useGqlQuery(AVAILABLE, { datafileId: datafileId ?? '' }, { enabled: Boolean(datafileId) });

const ORGANIZATIONS = graphql(`
  query getDatafileListOrganizations {
    getCompanies(sortBy: NAME, sortDirection: ASC, page: { page: 1, limit: 100 }) { companies { id name } }
  }
`);

/** Operators filter the list by organisation (the first 100 by name). */
export const useDatafileListOrganizations = (enabled: boolean) => useGqlQuery(ORGANIZATIONS, {}, { enabled });

const EDIT_TITLE = graphql(
  `mutation editDatafileTitle($datafileId: ID!, $datafileTitle: String!) { editDatafileTitle(datafileId: $datafileId, datafileTitle: $datafileTitle) { status } }`,
);
const STOP = graphql(
  `mutation stopLiveDatafile($datafileId: ID!) { stopLiveDatafile(datafileId: $datafileId) { status } }`,
);
const REOPEN = graphql(
  `mutation reOpenLiveDatafile($datafileId: ID!) { reOpenLiveDatafile(datafileId: $datafileId) { status } }`,
);
const DELETE = graphql(
  `mutation deleteDatafile($datafileId: ID!) { deleteDatafile(datafileId: $datafileId) { status } }`,
);
const RESET = graphql(
  `mutation resetDatafileCleaning($datafileId: ID!) { resetDatafileCleaning(datafileId: $datafileId) { status } }`,
);
const OWNER = graphql(`
  mutation changeDatafileOwnership($datafileId: ID!, $companyId: ID!, $userId: ID!, $changeWalletAndTransactions: Boolean!) {
    changeDatafileOwnership(datafileId: $datafileId, companyId: $companyId, userId: $userId, changeWalletAndTransactions: $changeWalletAndTransactions) { status }
  }
`);
const ADD = graphql(
  `mutation addContributorToDatafile($datafileId: ID!, $inviteeIds: [ID!]!) { addContributorToDatafile(datafileId: $datafileId, inviteeIds: $inviteeIds) { status } }`,
);
const REMOVE = graphql(
  `mutation removeContributorFromDatafile($datafileId: ID!, $contributorId: ID!) { removeContributorFromDatafile(datafileId: $datafileId, contributorId: $contributorId) { status } }`,
);

export const useEditDatafileTitle = () => useGqlMutation(EDIT_TITLE);
export const useStopLiveDatafile = () => useGqlMutation(STOP);
export const useReOpenLiveDatafile = () => useGqlMutation(REOPEN);
export const useDeleteDatafile = () => useGqlMutation(DELETE);
export const useResetDatafileCleaning = () => useGqlMutation(RESET);
export const useChangeDatafileOwnership = () => useGqlMutation(OWNER);
export const useAddContributorToDatafile = () => useGqlMutation(ADD);
export const useRemoveContributorFromDatafile = () => useGqlMutation(REMOVE);
