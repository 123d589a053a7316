import { Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { useSendPasswordResetEmail } from '../api/use-send-password-reset-email';
import { BackToLogin } from '../components/back-to-login';

export function ForgotPasswordPage() {
  const t = useT();
  const translateError = useTranslateError();
  const { trigger } = useSendPasswordResetEmail();
  const [sent, setSent] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  return (
    <AuthLayout title={t('auth.forgotTitle')} subtitle={sent ? undefined : t('auth.forgotSubtitle')}>
      {sent ? (
        <Stack gap="6">
          <SuccessAlert message={t('auth.resetLinkSent')} />
          <BackToLogin />
        </Stack>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={yup.object({ email: yup.string().trim().required(t('validation.required')).email(t('validation.email')) })}
          onSubmit={async (values) => {
            setErrorCode(null);
            try {
              await trigger({ email: values.email.trim() });
              setSent(true);
            } catch (error) {
              setErrorCode(errorCodeOf(error));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="5">
                <ErrorAlert message={errorCode ? translateError(errorCode) : null} onDismiss={() => setErrorCode(null)} />
                <TextField name="email" type="email" label={t('auth.email')} autoComplete="email" />
                <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>{t('auth.sendResetLink')}</Button>
                <BackToLogin />
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </AuthLayout>
  );
}
