import {
  Box,
  Card,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  InputGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { getIn, useField, useFormikContext } from 'formik';
import { useT } from '../../../lib/i18n';
import { type RoiFormValues, SCORE_KINDS, type ScoreKind } from '../form';

type NumberFieldProps = {
  name: string;
  label: string;
  helperText?: string;
  unit?: string;
  decimal?: boolean;
  disabled?: boolean;
};

/** A number typed as text (locale separators allowed); the message shows once the field was changed or left. */
function NumberField({ name, label, helperText, unit, decimal, disabled }: NumberFieldProps) {
  const t = useT();
  const [field, meta, helpers] = useField<string>(name);
  const invalid = !disabled && Boolean(meta.touched && meta.error);
  const input = (
    <Input
      {...field}
      id={name}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      bg="bg"
      disabled={disabled}
      data-testid={`roi-${name.replace(/\./g, '-')}`}
      onChange={(e) => {
        void helpers.setValue(e.currentTarget.value);
        void helpers.setTouched(true, false);
      }}
    />
  );
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label htmlFor={name}>{label}</Field.Label>
      {unit ? (
        <InputGroup
          endElement={
            <Text color="fg.muted" fontSize="sm">
              {unit}
            </Text>
          }
        >
          {input}
        </InputGroup>
      ) : (
        input
      )}
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      {invalid && (
        <Field.ErrorText data-testid={`roi-error-${name.replace(/\./g, '-')}`}>{t(meta.error!)}</Field.ErrorText>
      )}
    </Field.Root>
  );
}

function ScoreKindRow({ kind }: { kind: ScoreKind }) {
  const t = useT();
  const [used, , helpers] = useField<boolean>(`kinds.${kind}.used`);
  return (
    <Flex
      gap="4"
      align="flex-start"
      direction={{ base: 'column', sm: 'row' }}
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: 0, pt: 0 }}
    >
      <Box flex="1" minW="0">
        <Checkbox.Root
          checked={used.value}
          onCheckedChange={(details) => {
            void helpers.setValue(details.checked === true);
            void helpers.setTouched(true, false);
          }}
          alignItems="flex-start"
          colorPalette="brand"
          data-testid={`roi-kind-${kind}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>
            <Text fontWeight="semibold">{t(`roiCalculator.kinds.${kind}.title`)}</Text>
            <Text fontSize="sm" color="fg.muted" fontWeight="normal">
              {t(`roiCalculator.kinds.${kind}.description`)}
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      </Box>
      <Box w={{ base: 'full', sm: '44' }} flexShrink={0}>
        <NumberField
          name={`kinds.${kind}.count`}
          label={t(`roiCalculator.kinds.${kind}.count`)}
          disabled={!used.value}
        />
      </Box>
    </Flex>
  );
}

function SectionCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The inputs: the study, the scores it uses (which set the credits per interview), prices and time. */
export function RoiFormFields() {
  const t = useT();
  const { errors, touched } = useFormikContext<RoiFormValues>();
  const kindsError = typeof errors.kinds === 'string' && getIn(touched, 'kinds') !== undefined ? errors.kinds : null;
  return (
    <Stack gap="5">
      <SectionCard title={t('roiCalculator.sections.study')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <NumberField
            name="interviewsPerStudy"
            label={t('roiCalculator.fields.interviewsPerStudy')}
            helperText={t('roiCalculator.fields.interviewsPerStudyHelp')}
          />
          <NumberField
            name="studiesPerYear"
            label={t('roiCalculator.fields.studiesPerYear')}
            helperText={t('roiCalculator.fields.studiesPerYearHelp')}
          />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title={t('roiCalculator.sections.scores')}>
        <Text fontSize="sm" color="fg.muted" mt="-2">
          {t('roiCalculator.sections.scoresHelp')}
        </Text>
        <Box>
          {SCORE_KINDS.map((kind) => (
            <ScoreKindRow key={kind} kind={kind} />
          ))}
        </Box>
        {kindsError && (
          <Text color="fg.error" fontSize="sm" data-testid="roi-error-kinds">
            {t(kindsError)}
          </Text>
        )}
      </SectionCard>
      <SectionCard title={t('roiCalculator.sections.prices')}>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <NumberField
            name="pricePerCredit"
            label={t('roiCalculator.fields.pricePerCredit')}
            unit="€"
            decimal
            helperText={t('roiCalculator.fields.pricePerCreditHelp')}
          />
          <NumberField
            name="hoursSavedPerStudy"
            label={t('roiCalculator.fields.hoursSavedPerStudy')}
            unit="h"
            decimal
            helperText={t('roiCalculator.fields.hoursSavedPerStudyHelp')}
          />
          <NumberField
            name="hourlyRate"
            label={t('roiCalculator.fields.hourlyRate')}
            unit="€/h"
            decimal
            helperText={t('roiCalculator.fields.hourlyRateHelp')}
          />
        </SimpleGrid>
      </SectionCard>
    </Stack>
  );
}
