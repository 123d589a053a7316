import { graphql } from '../../../lib/gql';
import { gqlRequest } from '../../../lib/graphql-client';
import { useGqlMutation, useGqlQuery } from '../../../lib/swr-helpers';

const DATAFILE_REPORT = graphql(`
  query getDatafileReport($datafileId: ID!, $password: String) {
    getDatafileReport(datafileId: $datafileId, password: $password) {
      access
      canEdit
      settings {
        datafileId
        clientName
        clientLogo
        showScoreDetails
        shortFormat
        passwordProtected
        hasPassword
        isPublished
        link
      }
      report {
        datafileTitle
        companyName
        clientName
        clientLogo
        showScoreDetails
        shortFormat
        certificateCode
        certificateLevel
        certifiedAt
        revision
        scoringVersion
        cleanedAt
        recordsBefore
        recordsAfter
        recordsRemoved
        targetAverage
        averages {
          key
          before
          after
        }
        sampleScores {
          key
          before
          after
        }
        exclusions {
          quotaCleaning
          scoreThreshold
          targetSample
          manual
          duplicate
        }
        removedByReason {
          reason
          group
          count
        }
        bySource {
          source
          interviews
          removed
          reasons {
            reason
            count
          }
        }
        distribution {
          edges
          before
          after
          unscoredBefore
          unscoredAfter
        }
      }
    }
  }
`);

const UPDATE_SETTINGS = graphql(`
  mutation updateDatafileReportSettings($datafileId: ID!, $settings: DatafileReportSettingsInput!) {
    updateDatafileReportSettings(datafileId: $datafileId, settings: $settings) {
      datafileId
      isPublished
      hasPassword
    }
  }
`);

const LOGO_UPLOAD_URL = graphql(`
  query getReportLogoUploadURL($datafileId: ID!, $imageKey: String!) {
    getReportLogoUploadURL(datafileId: $datafileId, imageKey: $imageKey) {
      signedUrl
      imagePath
    }
  }
`);

/** The report as the caller may see it; `password` is sent only once the visitor typed one. */
export function useDatafileReport(datafileId: string | null, password: string | null) {
  return useGqlQuery(
    DATAFILE_REPORT,
    { datafileId: datafileId ?? '', password },
    { enabled: datafileId !== null, shouldRetryOnError: false, revalidateOnFocus: false, keepPreviousData: true },
  );
}

export type DatafileReportView = NonNullable<ReturnType<typeof useDatafileReport>['data']>['getDatafileReport'];
export type DatafileReportData = NonNullable<DatafileReportView['report']>;
export type DatafileReportSettingsData = NonNullable<DatafileReportView['settings']>;

export function useUpdateReportSettings() {
  return useGqlMutation(UPDATE_SETTINGS);
}

/** Signed PUT of the client logo (the avatar pattern): returns the path to save once the bytes are stored. */
export async function uploadReportLogo(datafileId: string, file: Blob, fileName: string): Promise<string> {
  const { getReportLogoUploadURL: url } = await gqlRequest(LOGO_UPLOAD_URL, { datafileId, imageKey: fileName });
  const res = await fetch(url.signedUrl, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
  if (!res.ok) throw new Error(`logo upload failed: ${res.status}`);
  return url.imagePath;
}
