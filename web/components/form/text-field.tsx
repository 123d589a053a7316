import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';

type TextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number';
  autoComplete?: string;
  required?: boolean;
  helperText?: string;
  /** The smallest value of a number field. */
  min?: number;
  testId?: string;
};

/** A labelled input bound to Formik; shows the validation message once the field was touched. */
export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  required,
  helperText,
  min,
  testId,
}: TextFieldProps) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...field} type={type} min={min} autoComplete={autoComplete} bg="bg" data-testid={testId} />
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
