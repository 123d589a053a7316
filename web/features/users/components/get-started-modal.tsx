import { Box, Button, Dialog, Image, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { externalLinks, openInNewTab } from '../../../lib/external-links';
import { type Refusal, refusalOf, refusalWithCode } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { isSuccess } from '../../../lib/status-response';
import { revalidateOperations } from '../../../lib/swr-helpers';
import type { MeUser } from '../api/use-me';
import { useUpdateGetStarted } from '../api/use-update-get-started';

type Choice = 'start' | 'tutorial' | 'cancel';

/**
 * Shows while the user has not watched the get-started introduction. Every button records it with
 * updateGetStarted and the modal closes only after a SUCCESS answer.
 */
export function GetStartedModal({ user, onStart }: { user: MeUser; onStart: () => void }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { mutate } = useSWRConfig();
  const { trigger } = useUpdateGetStarted();
  const [pending, setPending] = useState<Choice | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [closed, setClosed] = useState(false);

  async function choose(choice: Choice) {
    // Opened inside the click so the browser does not block the new tab.
    if (choice === 'tutorial') openInNewTab(externalLinks.tutorialVideo);
    setPending(choice);
    setRefusal(null);
    try {
      const result = await trigger({ userId: user.id });
      if (!isSuccess(result.updateGetStarted)) {
        setRefusal(refusalWithCode('GENERAL_ERROR'));
        return;
      }
      setClosed(true);
      if (choice === 'start') onStart();
      void revalidateOperations(mutate, 'me');
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setPending(null);
    }
  }

  const open = !user.watchGetStarted && !closed;
  return (
    <Dialog.Root open={open} placement="center" size="lg" closeOnInteractOutside={false} closeOnEscape={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="get-started-modal" overflow="hidden">
            <Box bgGradient="to-br" gradientFrom="brand.600" gradientTo="teal.600" p="8" color="white">
              <Image src="/logo.svg" alt="" boxSize="12" mb="4" />
              <Dialog.Title fontSize="2xl">{t('getStarted.title')}</Dialog.Title>
            </Box>
            <Dialog.Body pt="6">
              <Stack gap="4">
                <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
                <Text color="fg.muted">{t('getStarted.text')}</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="ghost"
                data-testid="get-started-cancel"
                onClick={() => void choose('cancel')}
                loading={pending === 'cancel'}
                disabled={pending !== null}
              >
                {t('common.cancel')}
              </Button>
              <Button
                variant="outline"
                data-testid="get-started-tutorial"
                onClick={() => void choose('tutorial')}
                loading={pending === 'tutorial'}
                disabled={pending !== null}
              >
                {t('getStarted.tutorial')}
              </Button>
              <Button
                colorPalette="brand"
                data-testid="get-started-start"
                onClick={() => void choose('start')}
                loading={pending === 'start'}
                disabled={pending !== null}
              >
                {t('getStarted.start')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
