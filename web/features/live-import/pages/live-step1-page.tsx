import { Box, Button, Card, Field, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { useAtom } from 'jotai';
import { useLocation } from 'wouter';
import * as yup from 'yup';
import { CenteredMessage } from '../../../components/feedback/page-state';
import { PageHeader } from '../../../components/layout/page-header';
import type { SurveySoftware } from '../../../lib/gql/graphql';
import { type Translate, useT } from '../../../lib/i18n';
import { LiveSteps } from '../components/live-steps';
import { NfieldLink } from '../components/nfield-link';
import { ForstaTemplatePicker } from '../components/forsta-template';
import {
  FORSTA_TEMPLATES,
  MAX_NAME,
  step1Atom,
  SURVEY_SOFTWARE,
  type ForstaTemplate,
  type Step1,
} from '../state/live-draft';

const schema = (t: Translate) =>
  yup.object({
    name: yup
      .string()
      .trim()
      .required(t('liveImport.step1.nameRequired'))
      .max(MAX_NAME, t('liveImport.step1.nameTooLong', { max: MAX_NAME })),
    surveySoftware: yup
      .string()
      .oneOf(SURVEY_SOFTWARE, t('liveImport.step1.softwareRequired'))
      .required(t('liveImport.step1.softwareRequired')),
  });

/**
 * Live import step 1: the name, the survey software and, for that software, the Nfield account link
 * (saved on the user at once, the password sealed) or the Forsta template. Kept in the tab until
 * step 2 saves the datafile.
 */
export function LiveStep1Page({ companyId }: { companyId: string | null }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [stored, setStored] = useAtom(step1Atom);
  if (!companyId)
    return <CenteredMessage title={t('liveImport.step1.title')} text={t('liveImport.operatorWithoutOrganization')} />;
  const initial: Step1 = stored ?? { name: '', surveySoftware: '', forstaTemplate: FORSTA_TEMPLATES[0] };
  return (
    <Box maxW="3xl">
      <PageHeader
        title={t('liveImport.step1.title')}
        subtitle={t('liveImport.step1.subtitle')}
        crumbs={[{ label: t('nav.dashboard'), href: '/' }, { label: t('routes.liveImport') }]}
      />
      <LiveSteps current={1} />
      <Formik<Step1>
        initialValues={initial}
        validationSchema={schema(t)}
        onSubmit={(values) => {
          setStored({ ...values, name: values.name.trim() });
          navigate('/define-datafile');
        }}
      >
        {(form) => (
          <form onSubmit={form.handleSubmit} noValidate>
            <Card.Root variant="outline" bg="bg">
              <Card.Body>
                <Stack gap="5">
                  <Field.Root required invalid={Boolean(form.touched.name && form.errors.name)}>
                    <Field.Label>
                      {t('liveImport.step1.name')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name="name"
                      value={form.values.name}
                      onChange={form.handleChange}
                      onBlur={form.handleBlur}
                      maxLength={MAX_NAME + 20}
                      placeholder={t('liveImport.step1.namePlaceholder')}
                      data-testid="live-name"
                    />
                    <Field.ErrorText>{form.errors.name}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={Boolean(form.touched.surveySoftware && form.errors.surveySoftware)}>
                    <Field.Label>
                      {t('liveImport.step1.software')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <RadioGroup.Root
                      value={form.values.surveySoftware}
                      onValueChange={(d) => {
                        void form.setFieldValue('surveySoftware', d.value as SurveySoftware);
                        void form.setFieldTouched('surveySoftware', true, false);
                      }}
                      data-testid="live-software"
                    >
                      <HStack gap="6" wrap="wrap">
                        {SURVEY_SOFTWARE.map((s) => (
                          <RadioGroup.Item key={s} value={s} data-testid={`live-software-${s}`}>
                            <RadioGroup.ItemHiddenInput />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>{t(`liveImport.software.${s}`)}</RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </HStack>
                    </RadioGroup.Root>
                    <Field.ErrorText>{form.errors.surveySoftware}</Field.ErrorText>
                  </Field.Root>
                  {form.values.surveySoftware === 'NFIELD' && <NfieldLink />}
                  {form.values.surveySoftware === 'FORSTA' && (
                    <ForstaTemplatePicker
                      value={form.values.forstaTemplate}
                      onChange={(v: ForstaTemplate) => void form.setFieldValue('forstaTemplate', v)}
                    />
                  )}
                  {form.values.surveySoftware === 'QUALTRICS' && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('liveImport.step1.qualtricsHint')}
                    </Text>
                  )}
                  {form.values.surveySoftware === 'OTHER' && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('liveImport.step1.otherHint')}
                    </Text>
                  )}
                </Stack>
              </Card.Body>
              <Card.Footer justifyContent="flex-end">
                <Button type="submit" colorPalette="brand" data-testid="live-step1-next">
                  {t('liveImport.step1.next')}
                </Button>
              </Card.Footer>
            </Card.Root>
          </form>
        )}
      </Formik>
    </Box>
  );
}
