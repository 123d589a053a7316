import { Box, Button, Field, Flex, Heading, Input, Text } from '@chakra-ui/react';
import { Formik, type FormikHelpers } from 'formik';
import { useLocation, useSearch } from 'wouter';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageSpinner } from '../../../components/feedback/page-state';
import { refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useVerifyCertificate } from '../api/use-verify-certificate';
import { CertificateStatement } from '../components/certificate-statement';

export const REPORT_VERIFICATION_PATH = '/report-verification';

type Values = { code: string };

/**
 * /report-verification (public, no login): a stranger enters the certificate ID printed on a quality
 * report and sees whether the server's signature holds and what it certifies. The code lives in the
 * URL (`?code=`), so a report can link straight to its verification.
 */
export function ReportVerificationPage() {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const search = useSearch();
  const [, navigate] = useLocation();
  const code = new URLSearchParams(search).get('code')?.trim() || null;
  const query = useVerifyCertificate(code);
  const schema = yup.object({ code: yup.string().trim().required(t('certificates.codeRequired')) });
  const submit = (values: Values, helpers: FormikHelpers<Values>) => {
    navigate(`${REPORT_VERIFICATION_PATH}?code=${encodeURIComponent(values.code.trim())}`, { replace: true });
    helpers.setSubmitting(false);
  };
  return (
    <Box maxW="4xl">
      <Heading as="h1" size="3xl" fontWeight="semibold" letterSpacing="-0.01em">
        {t('routes.reportVerification')}
      </Heading>
      <Text color="fg.muted" mt="2" mb="8" fontSize="lg">
        {t('certificates.subtitle')}
      </Text>
      <Formik<Values>
        initialValues={{ code: code ?? '' }}
        validationSchema={schema}
        onSubmit={submit}
        enableReinitialize
      >
        {(f) => (
          <Flex
            as="form"
            gap="3"
            align={{ base: 'stretch', sm: 'start' }}
            direction={{ base: 'column', sm: 'row' }}
            mb="8"
            onSubmit={(e) => {
              e.preventDefault();
              f.handleSubmit();
            }}
            data-testid="verification-form"
          >
            <Field.Root invalid={Boolean(f.touched.code && f.errors.code)} flex="1" maxW="md">
              <Field.Label>{t('certificates.codeLabel')}</Field.Label>
              <Input
                name="code"
                value={f.values.code}
                onChange={f.handleChange}
                onBlur={f.handleBlur}
                bg="bg"
                placeholder={t('certificates.codePlaceholder')}
                autoComplete="off"
                spellCheck={false}
                fontFamily="mono"
                size="lg"
              />
              <Field.ErrorText>{f.errors.code}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              mt={{ base: '0', sm: '7' }}
              loading={query.isLoading && !query.error}
            >
              {t('certificates.submit')}
            </Button>
          </Flex>
        )}
      </Formik>
      {query.isLoading && !query.error && <PageSpinner />}
      {query.error && <ErrorAlert message={translateRefusal(refusalOf(query.error))} />}
      {query.data && !query.error && <CertificateStatement certificate={query.data.verifyCertificate} />}
    </Box>
  );
}
