import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { externalLinks, openInNewTab } from '../../../lib/external-links';
import { type Refusal, refusalOf, refusalWithCode } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { isSuccess } from '../../../lib/status-response';
import { revalidateOperations } from '../../../lib/swr-helpers';
import type { MeUser } from '../api/use-me';
import { useUpdateNps } from '../api/use-update-nps';

/** "Later" postpones the survey by this many days. */
export const SURVEY_POSTPONE_DAYS = 7;

export function nextSurveyDate(now: Date = new Date()): string {
  return new Date(now.getTime() + SURVEY_POSTPONE_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** The feedback survey modal, shown while watchNPS is true. */
export function SurveyModal({ user }: { user: MeUser }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { mutate } = useSWRConfig();
  const { trigger, isMutating } = useUpdateNps();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [closed, setClosed] = useState(false);

  async function answer(takePart: boolean) {
    if (takePart) openInNewTab(externalLinks.feedbackSurvey);
    setRefusal(null);
    try {
      const result = await trigger({ userId: user.id, nextNPSDate: takePart ? null : nextSurveyDate() });
      if (!isSuccess(result.updateNPS)) {
        setRefusal(refusalWithCode('GENERAL_ERROR'));
        return;
      }
      setClosed(true);
      void revalidateOperations(mutate, 'me');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  return (
    <Dialog.Root
      open={user.watchNPS && !closed}
      placement="center"
      closeOnInteractOutside={false}
      closeOnEscape={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="survey-modal">
            <Dialog.Header>
              <Dialog.Title>{t('survey.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
                <Text color="fg.muted">{t('survey.text')}</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                data-testid="survey-later"
                onClick={() => void answer(false)}
                disabled={isMutating}
              >
                {t('survey.later')}
              </Button>
              <Button
                colorPalette="brand"
                data-testid="survey-yes"
                onClick={() => void answer(true)}
                disabled={isMutating}
              >
                {t('survey.yes')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
