import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';

type TextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  helperText?: string;
};

/** A labelled input bound to Formik; shows the validation message once the field was touched. */
export function TextField({ name, label, type = 'text', autoComplete, required, helperText }: TextFieldProps) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...field} type={type} autoComplete={autoComplete} bg="bg" />
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
