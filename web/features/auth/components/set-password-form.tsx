import { Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../lib/i18n';
import { confirmPasswordRule, newPasswordRule } from '../forms/password-rules';

type SetPasswordValues = { password: string; confirmPassword: string };

/** New password plus confirmation, shared by /new-password and the invitation on /create-account. */
export function SetPasswordForm({
  submitLabel,
  errorMessage,
  onDismissError,
  onSubmit,
}: {
  submitLabel: string;
  errorMessage: string | null;
  onDismissError: () => void;
  onSubmit: (password: string) => Promise<void>;
}) {
  const t = useT();
  return (
    <Formik<SetPasswordValues>
      initialValues={{ password: '', confirmPassword: '' }}
      validationSchema={yup.object({ password: newPasswordRule(t), confirmPassword: confirmPasswordRule(t) })}
      onSubmit={(values) => onSubmit(values.password)}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap="5">
            <ErrorAlert message={errorMessage} onDismiss={onDismissError} />
            <TextField
              name="password"
              type="password"
              label={t('auth.newPassword')}
              autoComplete="new-password"
              required
            />
            <TextField
              name="confirmPassword"
              type="password"
              label={t('auth.confirmPassword')}
              autoComplete="new-password"
              required
            />
            <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
