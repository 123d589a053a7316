import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useResetPassword } from '../api/use-reset-password';
import { BackToLogin } from '../components/back-to-login';
import { SetPasswordForm } from '../components/set-password-form';

export function NewPasswordPage() {
  const t = useT();
  const translateError = useTranslateError();
  const token = new URLSearchParams(useSearch()).get('token');
  const encrypt = usePasswordEncryption();
  const { trigger } = useResetPassword();
  const [done, setDone] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthLayout title={t('auth.newPasswordTitle')}>
        <Stack gap="6"><ErrorAlert message={t('auth.missingToken')} /><BackToLogin /></Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.newPasswordTitle')}>
      {done ? (
        <Stack gap="6"><SuccessAlert message={t('auth.passwordResetDone')} /><BackToLogin primary /></Stack>
      ) : (
        <Stack gap="5">
          <SetPasswordForm
            submitLabel={t('auth.setPassword')}
            errorMessage={errorCode ? translateError(errorCode) : null}
            onDismissError={() => setErrorCode(null)}
            onSubmit={async (password) => {
              setErrorCode(null);
              try {
                await trigger({ newPassword: await encrypt(password), passwordResetToken: token });
                setDone(true);
              } catch (error) {
                setErrorCode(errorCodeOf(error));
              }
            }}
          />
          <BackToLogin />
        </Stack>
      )}
    </AuthLayout>
  );
}
