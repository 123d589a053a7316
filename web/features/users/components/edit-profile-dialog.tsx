import { Avatar, Badge, Box, Clipboard, CloseButton, DataList, Dialog, IconButton, Input, InputGroup, Portal, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';
import type { MeUser } from '../api/use-me';

/**
 * The edit profile overlay. updateUser arrives with user management in a later issue; for now it
 * shows the profile read-only with the API key and its copy button.
 */
export function EditProfileDialog({ user, open, onClose }: { user: MeUser; open: boolean; onClose: () => void }) {
  const t = useT();
  const fullName = `${user.name.first} ${user.name.last}`;
  return (
    <Dialog.Root open={open} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-profile-dialog">
            <Dialog.Header><Dialog.Title>{t('profile.title')}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <Stack direction="row" gap="4" align="center">
                  <Avatar.Root size="xl" colorPalette="brand">
                    <Avatar.Fallback name={fullName} />
                    {user.image && <Avatar.Image src={user.image} />}
                  </Avatar.Root>
                  <Box>
                    <Text fontWeight="semibold" fontSize="lg">{fullName}</Text>
                    <Badge colorPalette="brand" mt="1">{t(`shell.roles.${user.accessLevel}`)}</Badge>
                  </Box>
                </Stack>
                <DataList.Root orientation="horizontal" size="md">
                  <DataList.Item>
                    <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
                    <DataList.ItemValue>{user.email}</DataList.ItemValue>
                  </DataList.Item>
                  {user.company && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('profile.organization')}</DataList.ItemLabel>
                      <DataList.ItemValue>{user.company.name}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                </DataList.Root>
                {user.magicKey && (
                  <Box>
                    <Text fontSize="sm" fontWeight="medium" mb="1.5">{t('profile.apiKey')}</Text>
                    <Clipboard.Root value={user.magicKey}>
                      <InputGroup endElement={
                        <Clipboard.Trigger asChild>
                          <IconButton variant="ghost" size="xs" aria-label={t('common.copy')}><Clipboard.Indicator /></IconButton>
                        </Clipboard.Trigger>
                      }>
                        <Input readOnly value={user.magicKey} fontFamily="mono" fontSize="sm" data-testid="api-key" />
                      </InputGroup>
                    </Clipboard.Root>
                    <Text fontSize="xs" color="fg.muted" mt="1.5">{t('profile.apiKeyHint')}</Text>
                  </Box>
                )}
                <Text fontSize="sm" color="fg.muted">{t('profile.editLater')}</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
