import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useChangePassword } from '../api/use-change-password';
import { confirmPasswordRule, newPasswordRule } from '../forms/password-rules';

/** Success feedback in modals stays 2 seconds, then the modal closes (spec section 4). */
const SUCCESS_DELAY_MS = 2000;

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const translateError = useTranslateError();
  const encrypt = usePasswordEncryption();
  const { trigger } = useChangePassword();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) {
      setErrorCode(null);
      setSucceeded(false);
    }
  }, [open]);

  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(() => onCloseRef.current(), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const schema = yup.object({
    currentPassword: yup.string().required(t('validation.required')),
    newPassword: newPasswordRule(t),
    confirmPassword: confirmPasswordRule(t, 'newPassword'),
  });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="change-password-dialog">
            <Formik<Values>
              initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
              validationSchema={schema}
              onSubmit={async (values) => {
                setErrorCode(null);
                try {
                  const oldPassword = await encrypt(values.currentPassword);
                  const newPassword = await encrypt(values.newPassword);
                  await trigger({ oldPassword, newPassword });
                  setSucceeded(true);
                } catch (error) {
                  setErrorCode(errorCodeOf(error));
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <Dialog.Header><Dialog.Title>{t('password.title')}</Dialog.Title></Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="4">
                      <ErrorAlert message={errorCode ? translateError(errorCode) : null} onDismiss={() => setErrorCode(null)} />
                      <SuccessAlert message={succeeded ? t('password.success') : null} />
                      <TextField name="currentPassword" type="password" label={t('password.current')} autoComplete="current-password" required />
                      <TextField name="newPassword" type="password" label={t('password.new')} autoComplete="new-password" required />
                      <TextField name="confirmPassword" type="password" label={t('password.confirm')} autoComplete="new-password" required />
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
                    <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={succeeded}>{t('password.submit')}</Button>
                  </Dialog.Footer>
                </Form>
              )}
            </Formik>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
