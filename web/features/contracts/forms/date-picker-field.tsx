import { Box, Field } from '@chakra-ui/react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { type IsoDate } from '../../../../db/domain/calendar';
import { isoToPickerDate, pickerDateToIso } from '../../../lib/calendar';

/** A DD.MM.YYYY picker (spec section 9) speaking ISO dates; minDate is the first selectable day. */
export function DatePickerField({ label, value, onChange, minDate, maxDate, disabled, error, testId, required }: {
  label: string;
  value: IsoDate | null;
  onChange: (value: IsoDate | null) => void;
  minDate?: IsoDate | null;
  maxDate?: IsoDate | null;
  disabled?: boolean;
  error?: string | null;
  testId: string;
  required?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required}>
      <Field.Label>{label}{required && <Field.RequiredIndicator />}</Field.Label>
      <Box w="full" css={{
        '& .react-datepicker-wrapper': { width: '100%' },
        '& input': { width: '100%', height: '40px', px: '3', borderWidth: '1px', borderRadius: 'md', borderColor: error ? 'red.500' : 'border', bg: disabled ? 'bg.muted' : 'bg' },
      }}>
        <DatePicker
          selected={isoToPickerDate(value)}
          onChange={(date: Date | null) => onChange(pickerDateToIso(date))}
          dateFormat="dd.MM.yyyy"
          placeholderText="TT.MM.JJJJ"
          minDate={isoToPickerDate(minDate) ?? undefined}
          maxDate={isoToPickerDate(maxDate) ?? undefined}
          disabled={disabled}
          name={testId}
          customInput={<input data-testid={testId} />}
        />
      </Box>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
