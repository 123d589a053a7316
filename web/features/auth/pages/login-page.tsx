import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useSearch } from 'wouter';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { type Translate, useT, useTranslateRefusal } from '../../../lib/i18n';
import { saveSession } from '../../../lib/session';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useLogin } from '../api/use-login';

type LoginValues = { email: string; password: string };

const schema = (t: Translate) =>
  yup.object({
    email: yup.string().trim().required(t('validation.required')).email(t('validation.email')),
    password: yup.string().required(t('validation.required')),
  });

/** Where to go after login: the redirectFrom query if it is a local path, else the default page. */
function redirectTarget(search: string, fallback: string): string {
  const from = new URLSearchParams(search).get('redirectFrom');
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  return from;
}

export function LoginPage() {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const encrypt = usePasswordEncryption();
  const { trigger } = useLogin();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function submit(values: LoginValues) {
    setRefusal(null);
    try {
      const password = await encrypt(values.password);
      const { login } = await trigger({ email: values.email.trim(), password });
      // A previous user's cached answers must never show for this one.
      await mutate(() => true, undefined, { revalidate: false });
      saveSession(login.accessToken, login.expiresIn, login.accessLevel);
      navigate(redirectTarget(search, '/'), { replace: true });
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <Formik<LoginValues> initialValues={{ email: '', password: '' }} validationSchema={schema(t)} onSubmit={submit}>
        {({ isSubmitting }) => (
          // The error is about what was sent: once a field is edited it no longer describes the form.
          <Form noValidate aria-label={t('auth.loginTitle')} onChange={() => setRefusal(null)}>
            <Stack gap="5">
              <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
              <TextField name="email" type="email" label={t('auth.email')} autoComplete="username" />
              <TextField name="password" type="password" label={t('auth.password')} autoComplete="current-password" />
              <Stack direction="row" justify="flex-end" mt="-2">
                <ChakraLink asChild fontSize="sm" color="brand.fg">
                  <Link href="/forgot-password">{t('auth.forgotPassword')}</Link>
                </ChakraLink>
              </Stack>
              <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
                {t('auth.login')}
              </Button>
              <Text fontSize="sm" color="fg.muted" textAlign="center">
                {t('auth.noAccount')}{' '}
                <ChakraLink asChild color="brand.fg" fontWeight="medium">
                  <Link href="/register">{t('auth.registerLink')}</Link>
                </ChakraLink>
              </Text>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
