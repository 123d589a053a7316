import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { useCloseAfterSuccess } from './success-close';

export type ConfirmTexts = { title: string; text: string; confirm: string; success: string };

/**
 * The delete user, delete invitation, resend invitation and send password reset modals: a question,
 * one action, the translated error or the success message for 2 seconds, then close.
 */
export function ConfirmUserActionDialog({ open, texts, danger = false, testId, onConfirm, onClose }: {
  open: boolean;
  texts: ConfirmTexts;
  danger?: boolean;
  testId: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const translateError = useTranslateError();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (open) return;
    setErrorCode(null);
    setSucceeded(false);
    setBusy(false);
  }, [open]);
  useCloseAfterSuccess(succeeded, onClose);

  const confirm = async () => {
    setErrorCode(null);
    setBusy(true);
    try {
      await onConfirm();
      setSucceeded(true);
    } catch (error) {
      setErrorCode(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center" size="sm" role={danger ? 'alertdialog' : 'dialog'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header><Dialog.Title>{texts.title}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <ErrorAlert message={errorCode ? translateError(errorCode) : null} onDismiss={() => setErrorCode(null)} />
                {succeeded ? <SuccessAlert message={texts.success} /> : <Text>{texts.text}</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{succeeded ? t('common.close') : t('common.cancel')}</Button>
              <Button colorPalette={danger ? 'red' : 'brand'} loading={busy} disabled={succeeded} onClick={() => void confirm()} data-testid={`${testId}-confirm`}>
                {texts.confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
