import { Dialog, HStack, Switch } from '@chakra-ui/react';
import * as yup from 'yup';
import { FormDialog } from '../../../components/form/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../lib/i18n';
import { useInviteUserForSpecificCompany } from '../api/use-invite-user-for-specific-company';
import { emailRule, nameRule } from '../forms/user-rules';

type Values = { email: string; firstName: string; lastName: string; enableAdminAccess: boolean };

/** Invite user: email, first and last name required, admin access optional. */
export function InviteUserDialog({
  companyId,
  open,
  onClose,
}: {
  companyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { trigger } = useInviteUserForSpecificCompany();
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={t('users.invite.title')}
      testId="invite-user-dialog"
      initialValues={{ email: '', firstName: '', lastName: '', enableAdminAccess: false }}
      validationSchema={yup.object({
        email: emailRule(t),
        firstName: nameRule(t),
        lastName: nameRule(t),
        enableAdminAccess: yup.boolean(),
      })}
      onSubmit={(values) =>
        trigger({
          companyId,
          newUser: {
            email: values.email.trim(),
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            enableAdminAccess: values.enableAdminAccess,
          },
        })
      }
      successMessage={(values) => t('users.invite.success', { email: values.email.trim() })}
      submitLabel={t('users.invite.submit')}
      submitTestId="invite-user-submit"
      header={() => (
        <Dialog.Description color="fg.muted" fontSize="sm">
          {t('users.invite.text')}
        </Dialog.Description>
      )}
    >
      {({ values, setFieldValue }) => (
        <>
          <TextField name="email" type="email" label={t('users.fields.email')} autoComplete="off" required />
          <HStack gap="4" align="flex-start">
            <TextField name="firstName" label={t('users.fields.firstName')} autoComplete="off" required />
            <TextField name="lastName" label={t('users.fields.lastName')} autoComplete="off" required />
          </HStack>
          <Switch.Root
            checked={values.enableAdminAccess}
            colorPalette="brand"
            data-testid="invite-admin-switch"
            onCheckedChange={(details) => void setFieldValue('enableAdminAccess', details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{t('users.fields.adminAccess')}</Switch.Label>
          </Switch.Root>
        </>
      )}
    </FormDialog>
  );
}
