import { Badge, Button, HStack, Separator, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import type { CroppedAvatar } from '../../../components/form/avatar-crop-dialog';
import { FormDialog } from '../../../components/form/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../lib/i18n';
import type { CompanyUser } from '../api/use-get-company-users';
import { useUploadUserAvatar } from '../api/use-get-user-avatar-upload-url';
import type { MeUser } from '../api/use-me';
import { useUpdateUser } from '../api/use-update-user';
import { nameRule } from '../forms/user-rules';
import { ApiKeyField } from './api-key-field';
import { AvatarField } from './avatar-field';
import { KeyResetIcon, TrashIcon } from './user-icons';

type Values = { firstName: string; lastName: string; isAdmin: boolean };

/** What the edit user modal offers for this pair of viewer and user. */
export function editUserRules(
  viewer: Pick<MeUser, 'id' | 'accessLevel'>,
  user: Pick<CompanyUser, 'id' | 'isOwner' | 'accessLevel'>,
) {
  const isSelf = viewer.id === user.id;
  return {
    showPasswordReset: !isSelf,
    showDelete: !isSelf && !user.isOwner,
    // The owner stays ADMIN; nobody changes their own access level; an operator's level is not ours to toggle.
    adminSwitchDisabled: isSelf || user.isOwner || user.accessLevel === 'SUPER_ADMIN',
    // A key is shown once, to whoever makes it: only the user themselves generates one.
    canRegenerateKey: isSelf,
    // Admins and operators (who manage users here) can stop a colleague's key.
    canRevokeKey: viewer.accessLevel !== 'EMPLOYEE',
  };
}

export function EditUserDialog({
  viewer,
  user,
  onClose,
  onSendPasswordReset,
  onDelete,
}: {
  viewer: MeUser;
  user: CompanyUser | null;
  onClose: () => void;
  onSendPasswordReset: (user: CompanyUser) => void;
  onDelete: (user: CompanyUser) => void;
}) {
  const t = useT();
  const { trigger } = useUpdateUser();
  const uploadAvatar = useUploadUserAvatar();
  const [avatar, setAvatar] = useState<CroppedAvatar | null>(null);

  useEffect(() => {
    setAvatar(null);
  }, [user?.id]);

  const rules = user ? editUserRules(viewer, user) : null;

  return (
    <FormDialog<Values>
      open={user !== null}
      onClose={onClose}
      title={t('users.edit.title')}
      testId="edit-user-dialog"
      initialValues={{
        firstName: user?.name.first ?? '',
        lastName: user?.name.last ?? '',
        isAdmin: user ? user.accessLevel !== 'EMPLOYEE' : false,
      }}
      validationSchema={yup.object({ firstName: nameRule(t), lastName: nameRule(t), isAdmin: yup.boolean() })}
      onSubmit={async (values) => {
        if (!user || !rules) return;
        const image = avatar ? await uploadAvatar(user.id, avatar.blob) : undefined;
        const accessLevel = values.isAdmin ? 'ADMIN' : 'EMPLOYEE';
        await trigger({
          userToUpdate: {
            userId: user.id,
            name: { first: values.firstName.trim(), last: values.lastName.trim() },
            ...(image !== undefined ? { image } : {}),
            ...(!rules.adminSwitchDisabled && accessLevel !== user.accessLevel ? { accessLevel } : {}),
          },
        });
      }}
      successMessage={t('users.edit.success')}
      submitLabel={t('common.save')}
      submitTestId="edit-user-save"
    >
      {({ values, setFieldValue }) =>
        user &&
        rules && (
          <>
            <AvatarField
              image={user.image}
              name={`${user.name.first} ${user.name.last}`}
              pending={avatar}
              onCropped={setAvatar}
            />
            <HStack gap="2">
              <Text fontSize="sm" color="fg.muted">
                {user.email}
              </Text>
              {user.isOwner && (
                <Badge colorPalette="purple" size="sm">
                  {t('users.badges.owner')}
                </Badge>
              )}
            </HStack>
            <HStack gap="4" align="flex-start">
              <TextField name="firstName" label={t('users.fields.firstName')} autoComplete="off" required />
              <TextField name="lastName" label={t('users.fields.lastName')} autoComplete="off" required />
            </HStack>
            <ApiKeyField
              userId={user.id}
              apiKey={user.apiKey}
              own={rules.canRegenerateKey}
              canRevoke={rules.canRevokeKey}
            />
            <Switch.Root
              checked={values.isAdmin}
              disabled={rules.adminSwitchDisabled}
              colorPalette="brand"
              onCheckedChange={(details) => void setFieldValue('isAdmin', details.checked)}
              data-testid="admin-access-switch"
            >
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{t('users.fields.adminAccess')}</Switch.Label>
            </Switch.Root>
            {rules.adminSwitchDisabled && (
              <Text fontSize="xs" color="fg.muted" mt="-3" data-testid="admin-access-locked">
                {user.isOwner ? t('users.edit.ownerKeepsAdmin') : t('users.edit.ownAccessLocked')}
              </Text>
            )}
            {(rules.showPasswordReset || rules.showDelete) && (
              <>
                <Separator />
                <HStack gap="2">
                  {rules.showPasswordReset && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onSendPasswordReset(user)}
                      data-testid="edit-user-password-reset"
                    >
                      <KeyResetIcon />
                      {t('users.actions.sendPasswordReset')}
                    </Button>
                  )}
                  {rules.showDelete && (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => onDelete(user)}
                      data-testid="edit-user-delete"
                    >
                      <TrashIcon />
                      {t('users.actions.delete')}
                    </Button>
                  )}
                </HStack>
              </>
            )}
          </>
        )
      }
    </FormDialog>
  );
}
