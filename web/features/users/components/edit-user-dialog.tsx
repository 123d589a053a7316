import { Badge, Button, CloseButton, Dialog, HStack, Portal, Separator, Stack, Switch, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import type { CompanyUser } from '../api/use-get-company-users';
import { useUploadUserAvatar } from '../api/use-get-user-avatar-upload-url';
import type { MeUser } from '../api/use-me';
import { useUpdateUser } from '../api/use-update-user';
import { nameRule } from '../forms/user-rules';
import { ApiKeyField } from './api-key-field';
import type { CroppedAvatar } from '../../../components/form/avatar-crop-dialog';
import { AvatarField } from './avatar-field';
import { useCloseAfterSuccess } from './success-close';
import { KeyResetIcon, TrashIcon } from './user-icons';

type Values = { firstName: string; lastName: string; isAdmin: boolean };

/** What the edit user modal offers for this pair of viewer and user (spec sections 2 and 6). */
export function editUserRules(viewer: Pick<MeUser, 'id' | 'accessLevel'>, user: Pick<CompanyUser, 'id' | 'isOwner' | 'accessLevel'>) {
  const isSelf = viewer.id === user.id;
  return {
    showPasswordReset: !isSelf,
    showDelete: !isSelf && !user.isOwner,
    // The owner stays ADMIN; nobody changes their own access level; an operator's level is not ours to toggle.
    adminSwitchDisabled: isSelf || user.isOwner || user.accessLevel === 'SUPER_ADMIN',
    // The server lets only the user themselves or an operator issue a new API key.
    canRegenerateKey: isSelf || viewer.accessLevel === 'SUPER_ADMIN',
  };
}

export function EditUserDialog({ viewer, user, onClose, onSendPasswordReset, onDelete }: {
  viewer: MeUser;
  user: CompanyUser | null;
  onClose: () => void;
  onSendPasswordReset: (user: CompanyUser) => void;
  onDelete: (user: CompanyUser) => void;
}) {
  const t = useT();
  const translateError = useTranslateError();
  const { trigger } = useUpdateUser();
  const uploadAvatar = useUploadUserAvatar();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [avatar, setAvatar] = useState<CroppedAvatar | null>(null);

  useEffect(() => {
    setErrorCode(null);
    setSucceeded(false);
    setAvatar(null);
  }, [user?.id]);
  useCloseAfterSuccess(succeeded, onClose);

  const schema = yup.object({ firstName: nameRule(t), lastName: nameRule(t), isAdmin: yup.boolean() });
  const rules = user ? editUserRules(viewer, user) : null;

  return (
    <Dialog.Root open={user !== null} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-user-dialog">
            {user && rules && (
              <Formik<Values>
                initialValues={{ firstName: user.name.first, lastName: user.name.last, isAdmin: user.accessLevel !== 'EMPLOYEE' }}
                validationSchema={schema}
                onSubmit={async (values) => {
                  setErrorCode(null);
                  try {
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
                    setSucceeded(true);
                  } catch (error) {
                    setErrorCode(errorCodeOf(error));
                  }
                }}
              >
                {({ values, setFieldValue, isSubmitting }) => (
                  <Form noValidate>
                    <Dialog.Header>
                      <Dialog.Title>{t('users.edit.title')}</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="5">
                        <ErrorAlert message={errorCode ? translateError(errorCode) : null} onDismiss={() => setErrorCode(null)} />
                        <SuccessAlert message={succeeded ? t('users.edit.success') : null} />
                        <AvatarField image={user.image} name={`${user.name.first} ${user.name.last}`} pending={avatar} onCropped={setAvatar} />
                        <HStack gap="2">
                          <Text fontSize="sm" color="fg.muted">{user.email}</Text>
                          {user.isOwner && <Badge colorPalette="purple" size="sm">{t('users.badges.owner')}</Badge>}
                        </HStack>
                        <HStack gap="4" align="flex-start">
                          <TextField name="firstName" label={t('users.fields.firstName')} autoComplete="off" required />
                          <TextField name="lastName" label={t('users.fields.lastName')} autoComplete="off" required />
                        </HStack>
                        <ApiKeyField userId={user.id} magicKey={user.magicKey} canRegenerate={rules.canRegenerateKey} />
                        <Switch.Root checked={values.isAdmin} disabled={rules.adminSwitchDisabled} colorPalette="brand"
                          onCheckedChange={(details) => void setFieldValue('isAdmin', details.checked)} data-testid="admin-access-switch">
                          <Switch.HiddenInput />
                          <Switch.Control><Switch.Thumb /></Switch.Control>
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
                                <Button size="sm" variant="outline" onClick={() => onSendPasswordReset(user)} data-testid="edit-user-password-reset">
                                  <KeyResetIcon />{t('users.actions.sendPasswordReset')}
                                </Button>
                              )}
                              {rules.showDelete && (
                                <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(user)} data-testid="edit-user-delete">
                                  <TrashIcon />{t('users.actions.delete')}
                                </Button>
                              )}
                            </HStack>
                          </>
                        )}
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={succeeded} data-testid="edit-user-save">
                        {t('common.save')}
                      </Button>
                    </Dialog.Footer>
                  </Form>
                )}
              </Formik>
            )}
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
