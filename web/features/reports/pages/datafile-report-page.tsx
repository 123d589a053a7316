import { Alert, Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import { useSearch } from 'wouter';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageSpinner } from '../../../components/feedback/page-state';
import { refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useDatafileReport } from '../api/use-datafile-report';
import { ReportSettingsPanel } from '../components/report-settings-panel';
import { ReportView } from '../components/report-view';

export const DATAFILE_REPORT_PATH = '/datafile-report';

// The password a visitor typed, per datafile, for as long as the tab lives: a remount of the page
// (e.g. the layout switching while printing) must not ask again. Kept in memory only, never stored.
const typedPasswords = new Map<string, string>();

/**
 * Printing gives the report alone, so it prints cleanly to PDF from the browser: the public frame
 * or the app shell (whose fixed-height scrolling frame is let out to the report's full length),
 * the settings panel and the buttons are hidden, the page is white, cards do not split across pages.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  html, body { background: #fff !important; }
  body *:not(:has([data-report-print-root])):not([data-report-print-root]):not([data-report-print-root] *) { display: none !important; }
  body *:has([data-report-print-root]) { display: block !important; min-height: 0 !important; height: auto !important; overflow: visible !important; padding: 0 !important; margin: 0 !important; max-width: none !important; background: #fff !important; border: 0 !important; }
  [data-report-print-root] [data-print-hide] { display: none !important; }
  [data-report-print-root] .report-card, [data-report-print-root] table, [data-report-print-root] .report-chart { break-inside: avoid; }
  [data-report-print-root] * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

function PasswordGate({
  onSubmit,
  error,
  loading,
}: {
  onSubmit: (password: string) => void;
  error: string | null;
  loading: boolean;
}) {
  const t = useT();
  const schema = yup.object({ password: yup.string().required(t('reports.passwordRequired')) });
  return (
    <Box
      maxW="md"
      mx="auto"
      mt="8"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg"
      p="8"
      data-testid="report-password"
    >
      <Heading as="h1" size="xl" mb="2">
        {t('reports.passwordTitle')}
      </Heading>
      <Text color="fg.muted" mb="6">
        {t('reports.passwordText')}
      </Text>
      <Formik
        initialValues={{ password: '' }}
        validationSchema={schema}
        onSubmit={(v, h) => {
          onSubmit(v.password);
          h.setSubmitting(false);
        }}
      >
        {(f) => (
          <Stack
            as="form"
            gap="4"
            onSubmit={(e) => {
              e.preventDefault();
              f.handleSubmit();
            }}
          >
            <ErrorAlert message={error} />
            <Field.Root invalid={Boolean(f.touched.password && f.errors.password)}>
              <Field.Label>{t('reports.passwordLabel')}</Field.Label>
              <Input
                name="password"
                type="password"
                autoComplete="current-password"
                value={f.values.password}
                onChange={f.handleChange}
                onBlur={f.handleBlur}
                bg="bg"
                data-testid="report-password-input"
              />
              <Field.ErrorText>{f.errors.password}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={loading} data-testid="report-password-submit">
              {t('reports.open')}
            </Button>
          </Stack>
        )}
      </Formik>
    </Box>
  );
}

function Notice({ text, testId }: { text: string; testId: string }) {
  return (
    <Alert.Root status="info" borderRadius="lg" maxW="2xl" mx="auto" mt="8" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * /datafile-report?datafileId= (public). Strangers see a published report, after its password when
 * protected; whoever may see the datafile sees it as strangers will, with the settings above it.
 */
export function DatafileReportPage({ editorActions }: { editorActions?: (datafileId: string) => ReactNode }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const datafileId = new URLSearchParams(useSearch()).get('datafileId')?.trim() || null;
  const [password, setPasswordState] = useState<string | null>(() =>
    datafileId ? (typedPasswords.get(datafileId) ?? null) : null,
  );
  const setPassword = (typed: string) => {
    if (datafileId) typedPasswords.set(datafileId, typed);
    setPasswordState(typed);
  };
  const query = useDatafileReport(datafileId, password);
  const view = query.data?.getDatafileReport;

  if (!datafileId) return <Notice text={t('reports.missingId')} testId="report-missing-id" />;
  if (!view && !query.error) return <PageSpinner />;

  // A wrong password (or too many) keeps the gate with the message; other failures say so.
  const refusal = query.error ? refusalOf(query.error) : null;
  const gateError =
    refusal && (refusal.code === 'REPORT_PASSWORD_INCORRECT' || refusal.code === 'TOO_MANY_ATTEMPTS')
      ? translateRefusal(refusal)
      : null;
  if (refusal && !gateError) return <ErrorAlert message={translateRefusal(refusal)} />;

  const access = gateError ? 'PASSWORD_REQUIRED' : view!.access;
  return (
    <Stack gap="6" data-report-print-root>
      <Global styles={PRINT_CSS} />
      {view?.canEdit && view.settings && (
        <ReportSettingsPanel
          settings={view.settings}
          onSaved={() => void query.mutate()}
          actions={editorActions?.(view.settings.datafileId)}
        />
      )}
      {access === 'PASSWORD_REQUIRED' && (
        <PasswordGate error={gateError} loading={query.isValidating} onSubmit={setPassword} />
      )}
      {access === 'NOT_PUBLISHED' && <Notice text={t('reports.notPublished')} testId="report-not-published" />}
      {access === 'NOT_CLEANED' && <Notice text={t('reports.notCleaned')} testId="report-not-cleaned" />}
      {access === 'REPORT' && view?.report && (
        <>
          <Flex justify="end" data-print-hide>
            <Button variant="outline" size="sm" onClick={() => window.print()} data-testid="report-print">
              {t('reports.print')}
            </Button>
          </Flex>
          <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" bg="bg" p="8" className="report-sheet">
            <ReportView report={view.report} />
          </Box>
        </>
      )}
    </Stack>
  );
}
