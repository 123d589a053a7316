import { Box, Grid, Heading, Text } from '@chakra-ui/react';
import { Formik, useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { calculateRoi } from '../calculation';
import { RoiFormFields } from '../components/roi-form-fields';
import { PublicFrame } from '../components/public-frame';
import { RoiResults } from '../components/roi-results';
import { initialRoiValues, relocalizeRoiValues, roiErrors, type RoiFormValues, toRoiInput } from '../form';

function LiveResults() {
  const { values } = useFormikContext<RoiFormValues>();
  const result = useMemo(() => {
    const input = toRoiInput(values);
    return input ? calculateRoi(input) : null;
  }, [values]);
  return <RoiResults result={result} />;
}

/**
 * Validates the values as rendered, at once. Formik's own validation of a change runs against the
 * values of its last render with that one change applied, and asynchronously: a second change
 * before the form rendered the first (two quick ticks) was judged as if the first had not happened,
 * and an earlier validation could settle after a later one. Either way the errors shown were those
 * of a form that no longer existed (the "no score" message went missing). Here every render's
 * values get their errors synchronously, whatever number of changes led to them.
 */
function ValidateRendered() {
  const { values, setErrors } = useFormikContext<RoiFormValues>();
  useEffect(() => setErrors(roiErrors(values)), [values, setErrors]);
  return null;
}

/** Re-types the numbers in the new language when the reader switches it (see relocalizeRoiValues). */
function FollowLocale() {
  const locale = useLocale();
  const shown = useRef(locale);
  const { values, setValues } = useFormikContext<RoiFormValues>();
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    void setValues(relocalizeRoiValues(values, locale));
  }, [locale, values, setValues]);
  return null;
}

/**
 * The public credit and cost calculator (/credit-roi-calculator, no login): what a study costs in
 * credits and euros against the value of the hours it saves. Recalculates on every keystroke; there
 * is nothing to submit.
 */
export function CreditRoiCalculatorPage() {
  const t = useT();
  const locale = useLocale();
  // The defaults are typed in the language the page opened in ("0,10" or "0.10"); both parse in either,
  // and FollowLocale re-types them when the language changes.
  const [initialValues] = useState(() => initialRoiValues(locale));
  return (
    <PublicFrame>
      <Box mb="8" maxW="3xl">
        <Heading as="h1" size="3xl" fontWeight="semibold" letterSpacing="-0.01em">
          {t('routes.creditRoiCalculator')}
        </Heading>
        <Text color="fg.muted" mt="2" fontSize="lg">
          {t('roiCalculator.subtitle')}
        </Text>
      </Box>
      <Formik<RoiFormValues>
        initialValues={initialValues}
        // ValidateRendered alone validates: Formik's own validation would set other errors after it.
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={() => undefined}
      >
        <Grid
          as="form"
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }}
          gap="6"
          alignItems="start"
          onSubmit={(e) => e.preventDefault()}
          data-testid="roi-form"
        >
          <ValidateRendered />
          <FollowLocale />
          <RoiFormFields />
          <Box position={{ base: 'static', lg: 'sticky' }} top="6">
            <LiveResults />
          </Box>
        </Grid>
      </Formik>
    </PublicFrame>
  );
}
