import { Badge, Box, DataList, HStack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import type { CroppedAvatar } from '../../../components/form/avatar-crop-dialog';
import { FormDialog } from '../../../components/form/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../lib/i18n';
import { useUploadUserAvatar } from '../api/use-get-user-avatar-upload-url';
import type { MeUser } from '../api/use-me';
import { useUpdateUser } from '../api/use-update-user';
import { nameRule } from '../forms/user-rules';
import { ApiKeyField } from './api-key-field';
import { AvatarField } from './avatar-field';

type Values = { firstName: string; lastName: string };

/**
 * The top bar's edit profile overlay: the user's own name and picture through the same updateUser
 * call as the user tab (never the access level: nobody changes their own), and their API key.
 */
export function EditProfileDialog({ user, open, onClose }: { user: MeUser; open: boolean; onClose: () => void }) {
  const t = useT();
  const { trigger } = useUpdateUser();
  const uploadAvatar = useUploadUserAvatar();
  const [avatar, setAvatar] = useState<CroppedAvatar | null>(null);

  useEffect(() => {
    if (!open) setAvatar(null);
  }, [open]);

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={t('profile.title')}
      testId="edit-profile-dialog"
      initialValues={{ firstName: user.name.first, lastName: user.name.last }}
      validationSchema={yup.object({ firstName: nameRule(t), lastName: nameRule(t) })}
      onSubmit={async (values) => {
        const image = avatar ? await uploadAvatar(user.id, avatar.blob) : undefined;
        await trigger({
          userToUpdate: {
            userId: user.id,
            name: { first: values.firstName.trim(), last: values.lastName.trim() },
            ...(image !== undefined ? { image } : {}),
          },
        });
      }}
      successMessage={t('users.profile.success')}
      submitLabel={t('common.save')}
      submitTestId="edit-profile-save"
    >
      {() => (
        <>
          <AvatarField
            image={user.image}
            name={`${user.name.first} ${user.name.last}`}
            pending={avatar}
            onCropped={setAvatar}
          />
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
                <Box>
                  <Badge colorPalette="brand">{t(`shell.roles.${user.accessLevel}`)}</Badge>
                </Box>
              </DataList.ItemValue>
            </DataList.Item>
            {user.company && (
              <DataList.Item>
                <DataList.ItemLabel>{t('profile.organization')}</DataList.ItemLabel>
                <DataList.ItemValue>{user.company.name}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <ApiKeyField userId={user.id} apiKey={user.apiKey} own canRevoke />
        </>
      )}
    </FormDialog>
  );
}
