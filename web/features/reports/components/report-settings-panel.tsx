import { Box, Button, Flex, Heading, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useRef, useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { TextField } from '../../../components/form/text-field';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { type DatafileReportSettingsData, uploadReportLogo, useUpdateReportSettings } from '../api/use-datafile-report';

type Values = {
  clientName: string;
  clientLogo: string | null;
  showScoreDetails: boolean;
  shortFormat: boolean;
  passwordProtected: boolean;
  password: string;
  isPublished: boolean;
};

const LOGO_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The report settings for whoever may see the datafile: client name and logo,
 * score details, short format, password protection (a password is required when it is on and none
 * is stored, checked here and on the server), publication and the link to share.
 * `actions` sit beside the title (web/app puts the export button there: features do not import each other).
 */
export function ReportSettingsPanel({
  settings,
  onSaved,
  actions,
}: {
  settings: DatafileReportSettingsData;
  onSaved: () => void;
  actions?: ReactNode;
}) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const update = useUpdateReportSettings();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const schema = yup.object({
    clientName: yup.string().max(100),
    password: yup.string().when('passwordProtected', {
      is: true,
      then: (s) =>
        settings.hasPassword
          ? s.test('min', t('reports.settings.passwordMin'), (v) => !v || v.length >= 8)
          : s.required(t('reports.settings.passwordRequired')).min(8, t('reports.settings.passwordMin')),
    }),
  });

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setRefusal(null);
    setSaved(false);
    try {
      await update.trigger({
        datafileId: settings.datafileId,
        settings: {
          clientName: values.clientName.trim() || null,
          clientLogo: values.clientLogo,
          showScoreDetails: values.showScoreDetails,
          shortFormat: values.shortFormat,
          passwordProtected: values.passwordProtected,
          password: values.passwordProtected && values.password ? values.password : null,
          isPublished: values.isPublished,
        },
      });
      setSaved(true);
      helpers.setFieldValue('password', '');
      onSaved();
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  const initial: Values = {
    clientName: settings.clientName ?? '',
    clientLogo: settings.clientLogo ?? null,
    showScoreDetails: settings.showScoreDetails,
    shortFormat: settings.shortFormat,
    passwordProtected: settings.passwordProtected,
    password: '',
    isPublished: settings.isPublished,
  };

  return (
    <Box
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg"
      p="6"
      data-testid="report-settings"
      data-print-hide
    >
      <Flex justify="space-between" align="start" gap="4" mb="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {t('reports.settings.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('reports.settings.text')}
          </Text>
        </Stack>
        {actions}
      </Flex>
      <Formik<Values> initialValues={initial} validationSchema={schema} onSubmit={submit} enableReinitialize>
        {(f) => (
          <Form noValidate>
            <Stack gap="4">
              <ErrorAlert
                message={refusal ? translateRefusal(refusal) : logoError}
                onDismiss={() => {
                  setRefusal(null);
                  setLogoError(null);
                }}
              />
              <SuccessAlert message={saved ? t('reports.settings.saved') : null} />
              <Flex gap="6" wrap="wrap" align="start">
                <Box flex="1" minW="64">
                  <TextField name="clientName" label={t('reports.settings.clientName')} />
                </Box>
                <Stack gap="1.5" flex="1" minW="64">
                  <Text fontWeight="medium" fontSize="sm">
                    {t('reports.settings.clientLogo')}
                  </Text>
                  <HStack gap="3">
                    {f.values.clientLogo && (
                      <Image
                        src={f.values.clientLogo}
                        alt=""
                        maxH="10"
                        maxW="32"
                        objectFit="contain"
                        data-testid="settings-logo"
                      />
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      loading={uploading}
                      onClick={() => fileInput.current?.click()}
                      data-testid="logo-upload"
                    >
                      {t('reports.settings.uploadLogo')}
                    </Button>
                    {f.values.clientLogo && (
                      <Button size="sm" variant="ghost" onClick={() => f.setFieldValue('clientLogo', null)}>
                        {t('reports.settings.removeLogo')}
                      </Button>
                    )}
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {t('reports.settings.logoHelp')}
                  </Text>
                  <Input
                    ref={fileInput}
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    display="none"
                    data-testid="logo-file"
                    onChange={async (e) => {
                      const file = e.currentTarget.files?.[0];
                      e.currentTarget.value = '';
                      if (!file) return;
                      const ext = LOGO_TYPES[file.type];
                      if (!ext || file.size > LOGO_MAX_BYTES) {
                        setLogoError(t('reports.settings.logoNotImage'));
                        return;
                      }
                      setUploading(true);
                      setLogoError(null);
                      try {
                        await f.setFieldValue(
                          'clientLogo',
                          await uploadReportLogo(settings.datafileId, file, `logo-${Date.now()}.${ext}`),
                        );
                      } catch {
                        setLogoError(t('reports.settings.logoFailed'));
                      } finally {
                        setUploading(false);
                      }
                    }}
                  />
                </Stack>
              </Flex>
              <Flex gap="6" wrap="wrap">
                <CheckboxField name="showScoreDetails">{t('reports.settings.showScoreDetails')}</CheckboxField>
                <CheckboxField name="shortFormat">{t('reports.settings.shortFormat')}</CheckboxField>
              </Flex>
              <Flex gap="6" wrap="wrap" align="start">
                <Box minW="64">
                  <CheckboxField name="passwordProtected">{t('reports.settings.passwordProtected')}</CheckboxField>
                </Box>
                {f.values.passwordProtected && (
                  <Box flex="1" minW="64" maxW="sm">
                    <TextField
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      label={t('reports.settings.password')}
                      required={!settings.hasPassword}
                      helperText={settings.hasPassword ? t('reports.settings.passwordKeep') : undefined}
                    />
                  </Box>
                )}
              </Flex>
              <CheckboxField name="isPublished">{t('reports.settings.isPublished')}</CheckboxField>
              <Flex gap="3" align="end" wrap="wrap">
                <Stack gap="1.5" flex="1" minW={{ base: 'full', sm: 'md' }}>
                  <Text fontWeight="medium" fontSize="sm">
                    {t('reports.settings.link')}
                  </Text>
                  <Input
                    value={settings.link}
                    readOnly
                    fontFamily="mono"
                    fontSize="sm"
                    bg="bg.subtle"
                    data-testid="report-link"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                </Stack>
                <Button
                  variant="outline"
                  onClick={() => void navigator.clipboard?.writeText(settings.link).catch(() => undefined)}
                >
                  {t('reports.settings.copy')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={f.isSubmitting} data-testid="report-settings-save">
                  {t('reports.settings.save')}
                </Button>
              </Flex>
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}
