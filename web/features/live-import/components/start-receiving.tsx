import { Alert, Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useOpenLiveDatafile } from '../api/use-live-import';

/** A draft live import: what that means, and the button that starts receiving (openLiveDatafile). */
export function StartReceiving({ datafileId }: { datafileId: string }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const open = useOpenLiveDatafile();
  const [error, setError] = useState<string | null>(null);
  return (
    <Alert.Root status="info" data-testid="live-draft">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('liveImport.snippet.draftTitle')}</Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="1">
            {t('liveImport.snippet.draftHelp')}
            <ErrorAlert message={error} onDismiss={() => setError(null)} />
            <Button
              alignSelf="flex-start"
              size="sm"
              colorPalette="brand"
              loading={open.isMutating}
              data-testid="live-open"
              onClick={async () => {
                setError(null);
                try {
                  await open.open(datafileId);
                } catch (e) {
                  setError(translateRefusal(refusalOf(e)));
                }
              }}
            >
              {t('liveImport.snippet.start')}
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
