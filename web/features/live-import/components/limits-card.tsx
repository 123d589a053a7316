import {
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Form, Formik, useField } from 'formik';
import { useState } from 'react';
import { ceilingReached, ceilingShare, NEARING_SHARE } from '../../../../db/domain/live-limits';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { formatNumber } from '../../../lib/format';
import { refusalOf } from '../../../lib/graphql-client';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { useUpdateLiveLimits, type LiveIntegration } from '../api/use-live-import';
import { inputOf, limitsSchema, NUMBER_FIELDS, valuesOf, type LimitsValues } from '../state/live-limits-form';

/** The cheapest respondent (4 credits): below it a credits ceiling takes none more. */
const CHEAPEST = 4;

function Usage({ label, used, max, testId }: { label: string; used: number; max: number; testId: string }) {
  const t = useT();
  const locale = useLocale();
  const share = Math.min(1, used / max);
  return (
    <Stack gap="1" data-testid={testId}>
      <HStack justify="space-between" fontSize="sm">
        <Text fontWeight="medium">{label}</Text>
        <Text color="fg.muted">
          {t('liveImport.limits.usedOf', { used: formatNumber(used, locale), max: formatNumber(max, locale) })}
        </Text>
      </HStack>
      <Progress.Root
        value={share * 100}
        size="sm"
        colorPalette={share >= 1 ? 'red' : share >= NEARING_SHARE ? 'orange' : 'brand'}
        aria-label={label}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

function OriginsField({ label, help }: { label: string; help: string }) {
  const [field, meta] = useField<string>('allowedOrigins');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        {...field}
        rows={3}
        fontFamily="mono"
        fontSize="sm"
        bg="bg"
        placeholder="https://survey.example.com"
        data-testid="live-limits-origins"
      />
      {!invalid && <Field.HelperText>{help}</Field.HelperText>}
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * Ceilings and per-source limits of the live import: what it received against its ceilings, and
 * the form to change them (the server checks the same rules and has the last word).
 */
export function LimitsCard({ integration }: { integration: LiveIntegration }) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const update = useUpdateLiveLimits();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const limits = integration.limits;
  const reached = ceilingReached(limits, limits, CHEAPEST);
  const nearing = !reached && ceilingShare(limits, limits) >= NEARING_SHARE;
  const format = (n: number) => formatNumber(n, locale);
  return (
    <Card.Root variant="outline" bg="bg" data-testid="live-limits">
      <Card.Header>
        <Heading size="md">{t('liveImport.limits.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('liveImport.limits.subtitle')}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Usage
              label={t('liveImport.limits.respondents')}
              used={limits.respondents}
              max={limits.maxRespondents}
              testId="live-limits-respondents"
            />
            <Usage
              label={t('liveImport.limits.credits')}
              used={limits.credits}
              max={limits.maxCredits}
              testId="live-limits-credits"
            />
          </SimpleGrid>
          {reached && <ErrorAlert message={t('liveImport.limits.reached')} />}
          {nearing && (
            <Text fontSize="sm" color="orange.fg" data-testid="live-limits-nearing">
              {t('liveImport.limits.nearing')}
            </Text>
          )}
          <Formik<LimitsValues>
            initialValues={valuesOf(limits)}
            enableReinitialize
            validationSchema={limitsSchema(t, format)}
            onSubmit={async (values) => {
              setError(null);
              setSaved(false);
              try {
                await update.save(integration.datafileId, inputOf(values));
                setSaved(true);
              } catch (e) {
                setError(translateRefusal(refusalOf(e)));
              }
            }}
          >
            {({ isSubmitting, dirty }) => (
              <Form noValidate>
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {NUMBER_FIELDS.map((name) => (
                      <Box key={name} data-testid={`live-limits-${name}`}>
                        <TextField
                          name={name}
                          label={t(`liveImport.limits.${name}`)}
                          helperText={t(`liveImport.limits.${name}Help`)}
                          required
                        />
                      </Box>
                    ))}
                  </SimpleGrid>
                  <OriginsField
                    label={t('liveImport.limits.allowedOrigins')}
                    help={t('liveImport.limits.allowedOriginsHelp')}
                  />
                  <Text fontSize="xs" color="fg.muted">
                    {t('liveImport.limits.notify')}
                  </Text>
                  <ErrorAlert message={error} onDismiss={() => setError(null)} />
                  {saved && !dirty && <SuccessAlert message={t('liveImport.limits.saved')} />}
                  <HStack justify="flex-end">
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={isSubmitting}
                      disabled={!dirty}
                      data-testid="live-limits-save"
                    >
                      {t('liveImport.limits.save')}
                    </Button>
                  </HStack>
                </Stack>
              </Form>
            )}
          </Formik>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
