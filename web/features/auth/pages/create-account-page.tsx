import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useUpdateUserOnActivation } from '../api/use-update-user-on-activation';
import { BackToLogin } from '../components/back-to-login';
import { SetPasswordForm } from '../components/set-password-form';

type Outcome = { state: 'pending' } | { state: 'done' } | { state: 'failed'; code: string };

/** A registering owner confirms the email on load; the organisation then waits for activation. */
function ConfirmEmail({ token }: { token: string }) {
  const t = useT();
  const translateError = useTranslateError();
  const { trigger } = useUpdateUserOnActivation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  // The confirmation link works once; StrictMode's double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    trigger({ input: { token } })
      .then(() => setOutcome({ state: 'done' }))
      .catch((error: unknown) => setOutcome({ state: 'failed', code: errorCodeOf(error) }));
  }, [token, trigger]);

  if (outcome.state === 'pending') {
    return (
      <AuthLayout title={t('auth.createAccountTitle')}>
        <Stack direction="row" align="center" gap="3"><Spinner color="brand.solid" /><Text>{t('auth.confirmingEmail')}</Text></Stack>
      </AuthLayout>
    );
  }
  if (outcome.state === 'failed') {
    return (
      <AuthLayout title={t('auth.createAccountTitle')}>
        <Stack gap="6"><ErrorAlert message={translateError(outcome.code)} /><BackToLogin /></Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.emailConfirmedTitle')}>
      <Stack gap="6"><SuccessAlert message={t('auth.emailConfirmed')} /><BackToLogin /></Stack>
    </AuthLayout>
  );
}

/** An invited user chooses a password. */
function AcceptInvitation({ token }: { token: string }) {
  const t = useT();
  const translateError = useTranslateError();
  const encrypt = usePasswordEncryption();
  const { trigger } = useUpdateUserOnActivation();
  const [done, setDone] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  return (
    <AuthLayout title={t('auth.createAccountTitle')} subtitle={done ? undefined : t('auth.createAccountSubtitle')}>
      {done ? (
        <Stack gap="6"><SuccessAlert message={t('auth.accountCreated')} /><BackToLogin primary /></Stack>
      ) : (
        <SetPasswordForm
          submitLabel={t('auth.createAccount')}
          errorMessage={errorCode ? translateError(errorCode) : null}
          onDismissError={() => setErrorCode(null)}
          onSubmit={async (password) => {
            setErrorCode(null);
            try {
              await trigger({ input: { token, password: await encrypt(password) } });
              setDone(true);
            } catch (error) {
              setErrorCode(errorCodeOf(error));
            }
          }}
        />
      )}
    </AuthLayout>
  );
}

export function CreateAccountPage() {
  const t = useT();
  const params = new URLSearchParams(useSearch());
  const token = params.get('token');
  if (!token) {
    return (
      <AuthLayout title={t('auth.createAccountTitle')}>
        <Stack gap="6"><ErrorAlert message={t('auth.missingToken')} /><BackToLogin /></Stack>
      </AuthLayout>
    );
  }
  return params.get('type') === 'confirmation' ? <ConfirmEmail token={token} /> : <AcceptInvitation token={token} />;
}
