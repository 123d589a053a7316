import { Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useSendPasswordResetEmail } from '../api/use-send-password-reset-email';
import { BackToLogin } from '../components/back-to-login';

export function ForgotPasswordPage() {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { trigger } = useSendPasswordResetEmail();
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

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
          validationSchema={yup.object({
            email: yup.string().trim().required(t('validation.required')).email(t('validation.email')),
          })}
          onSubmit={async (values) => {
            setRefusal(null);
            try {
              await trigger({ email: values.email.trim() });
              setSent(true);
            } catch (error) {
              setRefusal(refusalOf(error));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="5">
                <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
                <TextField name="email" type="email" label={t('auth.email')} autoComplete="email" />
                <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
                  {t('auth.sendResetLink')}
                </Button>
                <BackToLogin />
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </AuthLayout>
  );
}
