import { Button, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { TextField } from '../../../components/form/text-field';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { externalLinks } from '../../../lib/external-links';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { type Translate, useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { useRegisterCompany } from '../api/use-register-company';
import { newPasswordRule } from '../forms/password-rules';

type RegisterValues = {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  termsAccepted: boolean;
};

const NAME_MAX = 100;

const schema = (t: Translate) => {
  const name = yup
    .string()
    .trim()
    .required(t('validation.required'))
    .max(NAME_MAX, t('validation.maxLength', { max: NAME_MAX }));
  return yup.object({
    companyName: name,
    firstName: name,
    lastName: name,
    email: yup.string().trim().required(t('validation.required')).email(t('validation.email')),
    password: newPasswordRule(t),
    termsAccepted: yup.boolean().oneOf([true], t('validation.termsRequired')),
  });
};

export function RegisterPage() {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const [, navigate] = useLocation();
  const encrypt = usePasswordEncryption();
  const { trigger } = useRegisterCompany();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function submit(values: RegisterValues) {
    setRefusal(null);
    try {
      const password = await encrypt(values.password);
      await trigger({
        input: {
          companyName: values.companyName.trim(),
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          password,
          termsAccepted: values.termsAccepted,
          locale,
        },
      });
      navigate('/welcome');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <Formik<RegisterValues>
        initialValues={{ companyName: '', firstName: '', lastName: '', email: '', password: '', termsAccepted: false }}
        validationSchema={schema(t)}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap="4">
              <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
              <TextField name="companyName" label={t('auth.companyName')} autoComplete="organization" required />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <TextField name="firstName" label={t('auth.firstName')} autoComplete="given-name" required />
                <TextField name="lastName" label={t('auth.lastName')} autoComplete="family-name" required />
              </SimpleGrid>
              <TextField name="email" type="email" label={t('auth.email')} autoComplete="email" required />
              <TextField
                name="password"
                type="password"
                label={t('auth.password')}
                autoComplete="new-password"
                required
                helperText={t('validation.minPassword', { min: 8 })}
              />
              <CheckboxField name="termsAccepted">
                <ChakraLink href={externalLinks.terms} target="_blank" rel="noopener noreferrer" color="brand.fg">
                  {t('auth.acceptTerms')}
                </ChakraLink>
              </CheckboxField>
              <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
                {t('auth.register')}
              </Button>
              <Text fontSize="sm" color="fg.muted" textAlign="center">
                {t('auth.haveAccount')}{' '}
                <ChakraLink asChild color="brand.fg" fontWeight="medium">
                  <Link href="/login">{t('auth.loginLink')}</Link>
                </ChakraLink>
              </Text>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
