import { Alert, Box, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { refusalOf } from '../../../lib/graphql-client';
import { type Translate, useT, useTranslateRefusal } from '../../../lib/i18n';
import { useNipoIntegration, useSaveNipoIntegration } from '../api/use-live-import';
import { NFIELD_REGIONS } from '../state/live-draft';
import { OptionSelect } from './option-select';

type Values = { username: string; password: string; domain: string; region: string };
const FIELDS = ['username', 'password', 'domain'] as const;

const schema = (t: Translate) =>
  yup.object({
    username: yup.string().trim().required(t('liveImport.nfield.required')),
    password: yup.string().required(t('liveImport.nfield.required')),
    domain: yup.string().trim().required(t('liveImport.nfield.required')),
    region: yup.string().required(t('liveImport.nfield.required')),
  });

/**
 * The Nfield account link (username, password, domain and region all required),
 * saved on the user with updateUserPreferenceForNipoIntegration. The stored password comes back
 * only as a mask, so changing the link asks for it again.
 */
export function NfieldLink() {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const stored = useNipoIntegration();
  const save = useSaveNipoIntegration();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const link = stored.data?.me.user.userPreferences?.nipoIntegration;
  const linked = Boolean(link?.username && link.password);

  if (stored.isLoading)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('common.loading')}
      </Text>
    );
  if (stored.error) return <ErrorAlert message={t('common.loadError')} />;
  if (linked && !editing) {
    return (
      <Alert.Root status="success" data-testid="nfield-linked">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(saved ? 'liveImport.nfield.saved' : 'liveImport.nfield.linked')}</Alert.Title>
          <Alert.Description>
            {t('liveImport.nfield.linkedAs', {
              username: link!.username!,
              domain: link!.domain ?? '',
              region: link!.region ?? '',
            })}
          </Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={() => setEditing(true)} data-testid="nfield-change">
          {t('liveImport.nfield.change')}
        </Button>
      </Alert.Root>
    );
  }
  const initial: Values = {
    username: link?.username ?? '',
    password: '',
    domain: link?.domain ?? '',
    region: link?.region ?? '',
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" data-testid="nfield-form">
      <Text fontWeight="semibold" mb="1">
        {t('liveImport.nfield.title')}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('liveImport.nfield.help')}
      </Text>
      <Formik<Values>
        initialValues={initial}
        validationSchema={schema(t)}
        onSubmit={async (values, helpers) => {
          setError(null);
          try {
            await save.save({
              username: values.username.trim(),
              password: values.password,
              domain: values.domain.trim(),
              region: values.region,
            });
            setSaved(true);
            setEditing(false);
          } catch (e) {
            setError(translateRefusal(refusalOf(e)));
            helpers.setSubmitting(false);
          }
        }}
      >
        {(form) => (
          <Stack gap="3">
            <SimpleGrid columns={2} gap="3">
              {FIELDS.map((f) => (
                <Field.Root key={f} required invalid={Boolean(form.touched[f] && form.errors[f])}>
                  <Field.Label fontSize="sm">
                    {t(`liveImport.nfield.${f}`)}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    size="sm"
                    bg="bg"
                    name={f}
                    type={f === 'password' ? 'password' : 'text'}
                    autoComplete={f === 'password' ? 'new-password' : 'off'}
                    value={form.values[f]}
                    onChange={form.handleChange}
                    onBlur={form.handleBlur}
                    data-testid={`nfield-${f}`}
                  />
                  <Field.ErrorText>{form.errors[f]}</Field.ErrorText>
                </Field.Root>
              ))}
              <Field.Root required invalid={Boolean(form.touched.region && form.errors.region)}>
                <Field.Label fontSize="sm">
                  {t('liveImport.nfield.region')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <OptionSelect
                  value={form.values.region}
                  options={NFIELD_REGIONS}
                  label={(r) => t(`liveImport.nfield.regions.${r}`)}
                  placeholder={t('liveImport.nfield.regionPlaceholder')}
                  onChange={(v) => {
                    void form.setFieldValue('region', v);
                    void form.setFieldTouched('region', true, false);
                  }}
                  testId="nfield-region"
                />
                <Field.ErrorText>{form.errors.region}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <ErrorAlert message={error} onDismiss={() => setError(null)} />
            <HStack justify="flex-end">
              {linked && (
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                colorPalette="brand"
                loading={form.isSubmitting}
                onClick={() => void form.submitForm()}
                data-testid="nfield-save"
              >
                {t('liveImport.nfield.save')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Formik>
    </Box>
  );
}
