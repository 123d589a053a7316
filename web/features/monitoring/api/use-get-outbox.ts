import { graphql } from '../../../lib/gql';
import type { GetOutboxMailsQuery, GetOutboxMailsQueryVariables } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import { monitoringRefresh } from './refresh';

const SUMMARY = graphql(`
  query getOutboxSummary {
    getOutboxSummary { pending failed sentLastDay oldestPendingAt smtpConfigured }
  }
`);

const MAILS = graphql(`
  query getOutboxMails($status: MailStatus, $paginationInfo: PageInput) {
    getOutboxMails(status: $status, paginationInfo: $paginationInfo) {
      mails { id to subject template locale status attempts lastError createdAt sentAt }
      pageInfo { page limit total }
    }
  }
`);

export type OutboxMailRow = GetOutboxMailsQuery['getOutboxMails']['mails'][number];

export function useGetOutboxSummary() {
  return useGqlQuery(SUMMARY, {}, monitoringRefresh());
}

export function useGetOutboxMails(variables: GetOutboxMailsQueryVariables) {
  return useGqlQuery(MAILS, variables, monitoringRefresh());
}
