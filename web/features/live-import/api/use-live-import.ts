import { useSWRConfig } from 'swr';
import { graphql } from '../../../lib/gql';
import type { LiveDatafileInput, LiveLimitsInput, NipoIntegrationInput } from '../../../lib/gql/graphql';
import { revalidateOperations, useGqlMutation, useGqlQuery } from '../../../lib/swr-helpers';

const INTEGRATION = graphql(`
  query getLiveDatafileIntegration($datafileId: ID!) {
    getLiveDatafileIntegration(datafileId: $datafileId) {
      datafileId name surveySoftware status secretKey serverKey endpoint numberOfRespondents cost
      pages { label start criterion questionTitle languages items min max }
      limits { expectedRespondents maxRespondents maxCredits respondents credits perAddressPerHour perDevice allowedOrigins }
    }
  }
`);

const CREATE = graphql(`
  mutation createLiveDatafile($input: LiveDatafileInput!) {
    createLiveDatafile(input: $input) { status datafileId }
  }
`);

const REGENERATE = graphql(`
  mutation regenerateLiveDatafileSecret($datafileId: ID!) {
    regenerateLiveDatafileSecret(datafileId: $datafileId)
  }
`);

const REGENERATE_SERVER = graphql(`
  mutation regenerateLiveDatafileServerKey($datafileId: ID!) {
    regenerateLiveDatafileServerKey(datafileId: $datafileId)
  }
`);

const UPDATE_LIMITS = graphql(`
  mutation updateLiveDatafileLimits($datafileId: ID!, $limits: LiveLimitsInput!) {
    updateLiveDatafileLimits(datafileId: $datafileId, limits: $limits) { maxRespondents }
  }
`);

const OPEN = graphql(`
  mutation openLiveDatafile($datafileId: ID!) {
    openLiveDatafile(datafileId: $datafileId)
  }
`);

const NIPO = graphql(`
  query liveNipoIntegration {
    me { user { id userPreferences { id nipoIntegration { username region domain password } } } }
  }
`);

const SAVE_NIPO = graphql(`
  mutation updateUserPreferenceForNipoIntegration($preferences: NipoIntegrationInput!) {
    updateUserPreferenceForNipoIntegration(preferences: $preferences) { status }
  }
`);

/**
 * The snippet screen's data. Polled while respondents arrive so the count follows them; the interval
 * (5 s) is the slowest that still feels live for a test respondent.
 */
export function useLiveIntegration(datafileId: string | null) {
  return useGqlQuery(
    INTEGRATION,
    { datafileId: datafileId ?? '' },
    { enabled: Boolean(datafileId), refreshInterval: 5000 },
  );
}

export type LiveIntegration = NonNullable<ReturnType<typeof useLiveIntegration>['data']>['getLiveDatafileIntegration'];

export function useCreateLiveDatafile() {
  const mutation = useGqlMutation(CREATE);
  const { mutate } = useSWRConfig();
  return {
    ...mutation,
    create: async (input: LiveDatafileInput) => {
      const id = (await mutation.trigger({ input })).createLiveDatafile.datafileId;
      await revalidateOperations(mutate, 'getMyDatafilesSummaryForDashboard');
      return id;
    },
  };
}

export function useRegenerateLiveSecret() {
  return useGqlMutation(REGENERATE);
}

export function useRegenerateLiveServerKey() {
  return useGqlMutation(REGENERATE_SERVER);
}

/** New limits; the integration (counts and limits) is read again. */
export function useUpdateLiveLimits() {
  const mutation = useGqlMutation(UPDATE_LIMITS);
  const { mutate } = useSWRConfig();
  return {
    ...mutation,
    save: async (datafileId: string, limits: LiveLimitsInput) => {
      await mutation.trigger({ datafileId, limits });
      await revalidateOperations(mutate, 'getLiveDatafileIntegration');
    },
  };
}

/** Starts receiving (DRAFT -> READY); the integration is read again. */
export function useOpenLiveDatafile() {
  const mutation = useGqlMutation(OPEN);
  const { mutate } = useSWRConfig();
  return {
    ...mutation,
    open: async (datafileId: string) => {
      await mutation.trigger({ datafileId });
      await revalidateOperations(mutate, 'getLiveDatafileIntegration', 'getMyDatafilesSummaryForDashboard');
    },
  };
}

/** The stored Nfield link (the password only as a mask: it is sealed on the server). */
export function useNipoIntegration() {
  return useGqlQuery(NIPO, {});
}

export function useSaveNipoIntegration() {
  const mutation = useGqlMutation(SAVE_NIPO);
  const { mutate } = useSWRConfig();
  return {
    ...mutation,
    save: async (preferences: NipoIntegrationInput) => {
      await mutation.trigger({ preferences });
      await revalidateOperations(mutate, 'liveNipoIntegration');
    },
  };
}
