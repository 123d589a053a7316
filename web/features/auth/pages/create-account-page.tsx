import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useUpdateUserOnActivation } from '../api/use-update-user-on-activation';
import { BackToLogin } from '../components/back-to-login';
import { SetPasswordForm } from '../components/set-password-form';

type Outcome = { state: 'pending' } | { state: 'done' } | { state: 'failed'; refusal: Refusal };

/** A registering owner confirms the email on load; the organisation then waits for activation. */
function ConfirmEmail({ token }: { token: string }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { trigger } = useUpdateUserOnActivation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  // The confirmation link works once; StrictMode's double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    trigger({ input: { token } })
      .then(() => setOutcome({ state: 'done' }))
      .catch((error: unknown) => setOutcome({ state: 'failed', refusal: refusalOf(error) }));
  }, [token, trigger]);

  if (outcome.state === 'pending') {
    return (
      <AuthLayout title={t('auth.createAccountTitle')}>
        <Stack direction="row" align="center" gap="3">
          <Spinner color="brand.solid" />
          <Text>{t('auth.confirmingEmail')}</Text>
        </Stack>
      </AuthLayout>
    );
  }
  if (outcome.state === 'failed') {
    return (
      <AuthLayout title={t('auth.createAccountTitle')}>
        <Stack gap="6">
          <ErrorAlert message={translateRefusal(outcome.refusal)} />
          <BackToLogin />
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.emailConfirmedTitle')}>
      <Stack gap="6">
        <SuccessAlert message={t('auth.emailConfirmed')} />
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
}

/** An invited user chooses a password. */
function AcceptInvitation({ token }: { token: string }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const encrypt = usePasswordEncryption();
  const { trigger } = useUpdateUserOnActivation();
  const [done, setDone] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  return (
    <AuthLayout title={t('auth.createAccountTitle')} subtitle={done ? undefined : t('auth.createAccountSubtitle')}>
      {done ? (
        <Stack gap="6">
          <SuccessAlert message={t('auth.accountCreated')} />
          <BackToLogin primary />
        </Stack>
      ) : (
        <SetPasswordForm
          submitLabel={t('auth.createAccount')}
          errorMessage={refusal ? translateRefusal(refusal) : null}
          onDismissError={() => setRefusal(null)}
          onSubmit={async (password) => {
            setRefusal(null);
            try {
              await trigger({ input: { token, password: await encrypt(password) } });
              setDone(true);
            } catch (error) {
              setRefusal(refusalOf(error));
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
        <Stack gap="6">
          <ErrorAlert message={t('auth.missingToken')} />
          <BackToLogin />
        </Stack>
      </AuthLayout>
    );
  }
  return params.get('type') === 'confirmation' ? <ConfirmEmail token={token} /> : <AcceptInvitation token={token} />;
}
