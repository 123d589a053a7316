import { useMemo } from 'react';
import { duplicateMatchesOf, duplicateVector } from '../../../../scoring/index.ts';
import { graphql } from '../../../lib/gql';
import type { WorksheetDuplicatesQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import type { DuplicateRuleValue } from '../settings/form-model';

const DOCUMENT = graphql(`
  query worksheetDuplicates($datafileId: ID!, $windowDays: Int, $velocitySurveys: Int, $velocityDays: Int) {
    datafileDuplicates(datafileId: $datafileId, windowDays: $windowDays, velocitySurveys: $velocitySurveys, velocityDays: $velocityDays) {
      interviewsWithIdentity
      duplicates { recordId seenAt kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }
      velocity { recordId }
      recordSources { recordId source }
    }
  }
`);

export type WorksheetDuplicates = WorksheetDuplicatesQuery['datafileDuplicates'];

/**
 * The duplicates of the datafile for the form's window and velocity (the server matches them against
 * the organisation's history), and the rows the Duplicate Respondent rule removes for the form's
 * "keep" setting, resolved over the worker's combined column as the server resolves them on save.
 */
export function useWorksheetDuplicates(
  datafileId: string,
  rule: DuplicateRuleValue,
  rows: { recordIds: string[] | null; combined: Float64Array | null } | null,
) {
  const query = useGqlQuery(
    DOCUMENT,
    {
      datafileId,
      windowDays: rule.windowDays,
      velocitySurveys: rule.velocitySurveys,
      velocityDays: rule.velocityDays,
    },
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const flags = query.data?.datafileDuplicates ?? null;
  const removed = useMemo(() => {
    if (!rule.isEnable || !flags || !rows?.recordIds) return null;
    const out = duplicateVector(
      rows.recordIds,
      rows.combined ?? undefined,
      duplicateMatchesOf(datafileId, flags.duplicates),
      rule.keep,
    );
    const list: number[] = [];
    out.forEach((v, i) => {
      if (v === 1) list.push(i);
    });
    return list;
  }, [rule.isEnable, rule.keep, flags, rows, datafileId]);
  return { flags, removed, error: query.error as Error | undefined, isLoading: query.isLoading };
}
