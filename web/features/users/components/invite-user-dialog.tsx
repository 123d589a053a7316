import { Button, CloseButton, Dialog, HStack, Portal, Stack, Switch } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { useInviteUserForSpecificCompany } from '../api/use-invite-user-for-specific-company';
import { emailRule, nameRule } from '../forms/user-rules';
import { useCloseAfterSuccess } from './success-close';

type Values = { email: string; firstName: string; lastName: string; enableAdminAccess: boolean };

/** Invite user: email, first and last name required, admin access optional (spec section 5). */
export function InviteUserDialog({ companyId, open, onClose }: { companyId: string; open: boolean; onClose: () => void }) {
  const t = useT();
  const translateError = useTranslateError();
  const { trigger } = useInviteUserForSpecificCompany();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (open) return;
    setErrorCode(null);
    setSucceeded(false);
  }, [open]);
  useCloseAfterSuccess(succeeded, onClose);

  const schema = yup.object({ email: emailRule(t), firstName: nameRule(t), lastName: nameRule(t), enableAdminAccess: yup.boolean() });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="invite-user-dialog">
            {open && (
              <Formik<Values>
                initialValues={{ email: '', firstName: '', lastName: '', enableAdminAccess: false }}
                validationSchema={schema}
                onSubmit={async (values) => {
                  setErrorCode(null);
                  try {
                    await trigger({
                      companyId,
                      newUser: { email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim(), enableAdminAccess: values.enableAdminAccess },
                    });
                    setSucceeded(true);
                  } catch (error) {
                    setErrorCode(errorCodeOf(error));
                  }
                }}
              >
                {({ values, setFieldValue, isSubmitting }) => (
                  <Form noValidate>
                    <Dialog.Header><Dialog.Title>{t('users.invite.title')}</Dialog.Title></Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <Dialog.Description color="fg.muted" fontSize="sm">{t('users.invite.text')}</Dialog.Description>
                        <ErrorAlert message={errorCode ? translateError(errorCode) : null} onDismiss={() => setErrorCode(null)} />
                        <SuccessAlert message={succeeded ? t('users.invite.success', { email: values.email.trim() }) : null} />
                        <TextField name="email" type="email" label={t('users.fields.email')} autoComplete="off" required />
                        <HStack gap="4" align="flex-start">
                          <TextField name="firstName" label={t('users.fields.firstName')} autoComplete="off" required />
                          <TextField name="lastName" label={t('users.fields.lastName')} autoComplete="off" required />
                        </HStack>
                        <Switch.Root checked={values.enableAdminAccess} colorPalette="brand" data-testid="invite-admin-switch"
                          onCheckedChange={(details) => void setFieldValue('enableAdminAccess', details.checked)}>
                          <Switch.HiddenInput />
                          <Switch.Control><Switch.Thumb /></Switch.Control>
                          <Switch.Label>{t('users.fields.adminAccess')}</Switch.Label>
                        </Switch.Root>
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={succeeded} data-testid="invite-user-submit">
                        {t('users.invite.submit')}
                      </Button>
                    </Dialog.Footer>
                  </Form>
                )}
              </Formik>
            )}
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
