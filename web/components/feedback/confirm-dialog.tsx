import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { type Refusal, refusalOf } from '../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../lib/i18n';
import { type QueryName, revalidateOperations } from '../../lib/swr-helpers';
import { ErrorAlert, SuccessAlert } from './error-alert';
import { useCloseAfterSuccess } from './success-close';

/**
 * A question with one action (delete, resend, send a reset link): the refusal's message from the
 * shared lookup, or the success message for 2 seconds and then the close, the lists the action
 * changes revalidated.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  successMessage,
  danger = false,
  testId,
  confirmTestId = `${testId}-confirm`,
  size = 'sm',
  revalidates,
  onConfirm,
  onSucceeded,
  onClose,
}: {
  open: boolean;
  title: string;
  /** The question and whatever it is about. */
  children: ReactNode;
  confirmLabel: string;
  successMessage: string;
  danger?: boolean;
  testId: string;
  confirmTestId?: string;
  size?: 'sm' | 'md';
  revalidates?: readonly QueryName[];
  onConfirm: () => Promise<unknown>;
  /** Runs once the action succeeded, before the 2-second close. */
  onSucceeded?: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { mutate } = useSWRConfig();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (open) return;
    setRefusal(null);
    setSucceeded(false);
    setBusy(false);
  }, [open]);
  useCloseAfterSuccess(succeeded, onClose);

  async function confirm() {
    setRefusal(null);
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      setRefusal(refusalOf(error));
      return;
    } finally {
      setBusy(false);
    }
    setSucceeded(true);
    onSucceeded?.();
    if (revalidates?.length) void revalidateOperations(mutate, ...revalidates);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={size}
      role={danger ? 'alertdialog' : 'dialog'}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
                {succeeded ? <SuccessAlert message={successMessage} /> : children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {succeeded ? t('common.close') : t('common.cancel')}
              </Button>
              <Button
                colorPalette={danger ? 'red' : 'brand'}
                loading={busy}
                disabled={succeeded}
                onClick={() => void confirm()}
                data-testid={confirmTestId}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
