import { Box, Field } from '@chakra-ui/react';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { type IsoDate } from '../../../../db/domain/calendar';
import { isoToPickerDate, pickerDateToIso } from '../../../lib/calendar';
import { type Locale, useLocale, useT } from '../../../lib/i18n';

// Without a registered locale react-datepicker names months and weekdays in US English, whatever the
// UI language. en-GB rather than en-US: weeks start on Monday in both languages, as in Vienna.
const PICKER_LOCALES: Record<Locale, string> = { de: 'de', en: 'en-GB' };
registerLocale('de', de);
registerLocale('en-GB', enGB);

/** A DD.MM.YYYY picker speaking ISO dates, in the UI language; minDate is the first selectable day. */
export function DatePickerField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  disabled,
  error,
  hint,
  testId,
  required,
}: {
  label: string;
  value: IsoDate | null;
  onChange: (value: IsoDate | null) => void;
  minDate?: IsoDate | null;
  maxDate?: IsoDate | null;
  disabled?: boolean;
  error?: string | null;
  /** Says why a disabled picker cannot change. */
  hint?: string | null;
  testId: string;
  required?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Box
        w="full"
        css={{
          '& .react-datepicker-wrapper': { width: '100%' },
          '& input': {
            width: '100%',
            height: '40px',
            px: '3',
            borderWidth: '1px',
            borderRadius: 'md',
            borderColor: error ? 'red.500' : 'border',
            bg: disabled ? 'bg.muted' : 'bg',
          },
        }}
      >
        <DatePicker
          selected={isoToPickerDate(value)}
          onChange={(date: Date | null) => onChange(pickerDateToIso(date))}
          locale={PICKER_LOCALES[locale]}
          dateFormat="dd.MM.yyyy"
          placeholderText={t('common.datePlaceholder')}
          minDate={isoToPickerDate(minDate) ?? undefined}
          maxDate={isoToPickerDate(maxDate) ?? undefined}
          disabled={disabled}
          // A dialog focuses its first field when it opens; a calendar popping up then covers the dialog's buttons.
          preventOpenOnFocus
          name={testId}
          customInput={<input data-testid={testId} />}
        />
      </Box>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {hint && !error && <Field.HelperText data-testid={`${testId}-hint`}>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
