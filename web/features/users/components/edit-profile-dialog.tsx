import { Badge, Box, Button, CloseButton, DataList, Dialog, HStack, Portal, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { useUploadUserAvatar } from '../api/use-get-user-avatar-upload-url';
import type { MeUser } from '../api/use-me';
import { useUpdateUser } from '../api/use-update-user';
import { nameRule } from '../forms/user-rules';
import { ApiKeyField } from './api-key-field';
import type { CroppedAvatar } from '../../../components/form/avatar-crop-dialog';
import { AvatarField } from './avatar-field';
import { useCloseAfterSuccess } from './success-close';

type Values = { firstName: string; lastName: string };

/**
 * The top bar's edit profile overlay: the user's own name and picture through the same updateUser
 * call as the user tab (never the access level: nobody changes their own), and their API key.
 */
export function EditProfileDialog({ user, open, onClose }: { user: MeUser; open: boolean; onClose: () => void }) {
  const t = useT();
  const translateError = useTranslateError();
  const { trigger } = useUpdateUser();
  const uploadAvatar = useUploadUserAvatar();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [avatar, setAvatar] = useState<CroppedAvatar | null>(null);

  useEffect(() => {
    if (open) return;
    setErrorCode(null);
    setSucceeded(false);
    setAvatar(null);
  }, [open]);
  useCloseAfterSuccess(succeeded, onClose);

  const schema = yup.object({ firstName: nameRule(t), lastName: nameRule(t) });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-profile-dialog">
            {open && (
              <Formik<Values>
                initialValues={{ firstName: user.name.first, lastName: user.name.last }}
                validationSchema={schema}
                onSubmit={async (values) => {
                  setErrorCode(null);
                  try {
                    const image = avatar ? await uploadAvatar(user.id, avatar.blob) : undefined;
                    await trigger({
                      userToUpdate: {
                        userId: user.id,
                        name: { first: values.firstName.trim(), last: values.lastName.trim() },
                        ...(image !== undefined ? { image } : {}),
                      },
                    });
                    setSucceeded(true);
                  } catch (error) {
                    setErrorCode(errorCodeOf(error));
                  }
                }}
              >
                {({ isSubmitting }) => (
                  <Form noValidate>
                    <Dialog.Header><Dialog.Title>{t('profile.title')}</Dialog.Title></Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="5">
                        <ErrorAlert message={errorCode ? translateError(errorCode) : null} onDismiss={() => setErrorCode(null)} />
                        <SuccessAlert message={succeeded ? t('users.profile.success') : null} />
                        <AvatarField image={user.image} name={`${user.name.first} ${user.name.last}`} pending={avatar} onCropped={setAvatar} />
                        <HStack gap="4" align="flex-start">
                          <TextField name="firstName" label={t('users.fields.firstName')} autoComplete="given-name" required />
                          <TextField name="lastName" label={t('users.fields.lastName')} autoComplete="family-name" required />
                        </HStack>
                        <DataList.Root orientation="horizontal" size="md">
                          <DataList.Item>
                            <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
                            <DataList.ItemValue>{user.email}</DataList.ItemValue>
                          </DataList.Item>
                          <DataList.Item>
                            <DataList.ItemLabel>{t('profile.role')}</DataList.ItemLabel>
                            <DataList.ItemValue>
                              <Box><Badge colorPalette="brand">{t(`shell.roles.${user.accessLevel}`)}</Badge></Box>
                            </DataList.ItemValue>
                          </DataList.Item>
                          {user.company && (
                            <DataList.Item>
                              <DataList.ItemLabel>{t('profile.organization')}</DataList.ItemLabel>
                              <DataList.ItemValue>{user.company.name}</DataList.ItemValue>
                            </DataList.Item>
                          )}
                        </DataList.Root>
                        <ApiKeyField userId={user.id} magicKey={user.magicKey} canRegenerate />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={succeeded} data-testid="edit-profile-save">
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
