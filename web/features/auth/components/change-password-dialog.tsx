import * as yup from 'yup';
import { FormDialog } from '../../../components/form/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../lib/i18n';
import { useChangePassword } from '../api/use-change-password';
import { usePasswordEncryption } from '../api/use-get-password-encryption-key';
import { confirmPasswordRule, newPasswordRule } from '../forms/password-rules';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** Change password: current, new (minimum 8) and its confirmation, both sent encrypted. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const encrypt = usePasswordEncryption();
  const { trigger } = useChangePassword();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={t('password.title')}
      testId="change-password-dialog"
      initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      validationSchema={yup.object({
        currentPassword: yup.string().required(t('validation.required')),
        newPassword: newPasswordRule(t),
        confirmPassword: confirmPasswordRule(t, 'newPassword'),
      })}
      onSubmit={async (values) => {
        const oldPassword = await encrypt(values.currentPassword);
        const newPassword = await encrypt(values.newPassword);
        await trigger({ oldPassword, newPassword });
      }}
      successMessage={t('password.success')}
      submitLabel={t('password.submit')}
    >
      {() => (
        <>
          <TextField
            name="currentPassword"
            type="password"
            label={t('password.current')}
            autoComplete="current-password"
            required
          />
          <TextField
            name="newPassword"
            type="password"
            label={t('password.new')}
            autoComplete="new-password"
            required
          />
          <TextField
            name="confirmPassword"
            type="password"
            label={t('password.confirm')}
            autoComplete="new-password"
            required
          />
        </>
      )}
    </FormDialog>
  );
}
