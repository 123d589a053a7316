import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useResetPassword } from '../api/use-reset-password';
import { BackToLogin } from '../components/back-to-login';
import { SetPasswordForm } from '../components/set-password-form';

export function NewPasswordPage() {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const token = new URLSearchParams(useSearch()).get('token');
  const encrypt = usePasswordEncryption();
  const { trigger } = useResetPassword();
  const [done, setDone] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  if (!token) {
    return (
      <AuthLayout title={t('auth.newPasswordTitle')}>
        <Stack gap="6">
          <ErrorAlert message={t('auth.missingToken')} />
          <BackToLogin />
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.newPasswordTitle')}>
      {done ? (
        <Stack gap="6">
          <SuccessAlert message={t('auth.passwordResetDone')} />
          <BackToLogin primary />
        </Stack>
      ) : (
        <Stack gap="5">
          <SetPasswordForm
            submitLabel={t('auth.setPassword')}
            errorMessage={refusal ? translateRefusal(refusal) : null}
            onDismissError={() => setRefusal(null)}
            onSubmit={async (password) => {
              setRefusal(null);
              try {
                await trigger({ newPassword: await encrypt(password), passwordResetToken: token });
                setDone(true);
              } catch (error) {
                setRefusal(refusalOf(error));
              }
            }}
          />
          <BackToLogin />
        </Stack>
      )}
    </AuthLayout>
  );
}
