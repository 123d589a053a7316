import { Badge, Box, Card, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';
import type { CompanyUser } from '../api/use-get-company-users';
import { MoreIcon, PencilIcon, SendIcon, TrashIcon } from './user-icons';
import { UserAvatar } from './user-avatar';

const fullName = (user: CompanyUser) => `${user.name.first} ${user.name.last}`;

/** An active user: avatar, name, email, owner and ADMIN badges, number of imports, edit pencil. */
export function ActiveUserCard({ user, onEdit }: { user: CompanyUser; onEdit?: () => void }) {
  const t = useT();
  return (
    <Card.Root size="sm" variant="outline" data-testid="active-user-card" data-user-email={user.email}>
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <UserAvatar image={user.image} name={fullName(user)} />
          <Stack gap="1" flex="1" minW="0">
            <Text fontWeight="semibold" truncate title={fullName(user)}>
              {fullName(user)}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate title={user.email}>
              {user.email}
            </Text>
            <HStack gap="1.5" wrap="wrap" mt="1">
              {user.status === 'DEACTIVATED' && (
                <Badge colorPalette="gray" size="sm" data-testid="deactivated-badge">
                  {t('users.status.DEACTIVATED')}
                </Badge>
              )}
              {user.isOwner && (
                <Badge colorPalette="purple" size="sm" data-testid="owner-badge">
                  {t('users.badges.owner')}
                </Badge>
              )}
              {user.accessLevel !== 'EMPLOYEE' && (
                <Badge colorPalette="brand" size="sm" data-testid="admin-badge">
                  {t('users.badges.admin')}
                </Badge>
              )}
              <Text fontSize="xs" color="fg.muted" data-testid="imports-count">
                {t('users.imports', { count: user.numberOfImports })}
              </Text>
            </HStack>
          </Stack>
          {onEdit && (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('users.actions.edit')}
              title={t('users.actions.edit')}
              onClick={onEdit}
              data-testid="edit-user-button"
            >
              <PencilIcon />
            </IconButton>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A pending user (any status but ACTIVATED) with a menu to resend or delete the invitation. */
export function PendingUserCard({
  user,
  onResend,
  onDelete,
}: {
  user: CompanyUser;
  onResend?: () => void;
  onDelete?: () => void;
}) {
  const t = useT();
  return (
    <Card.Root
      size="sm"
      variant="outline"
      borderStyle="dashed"
      bg="bg.subtle"
      data-testid="pending-user-card"
      data-user-email={user.email}
    >
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <Box opacity={0.7}>
            <UserAvatar image={user.image} name={fullName(user)} />
          </Box>
          <Stack gap="1" flex="1" minW="0">
            <Text fontWeight="semibold" truncate title={fullName(user)}>
              {fullName(user)}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate title={user.email}>
              {user.email}
            </Text>
            <HStack gap="1.5" wrap="wrap" mt="1">
              <Badge colorPalette="orange" size="sm" data-testid="pending-status">
                {t(`users.status.${user.status}`)}
              </Badge>
              {user.accessLevel !== 'EMPLOYEE' && (
                <Badge colorPalette="brand" size="sm">
                  {t('users.badges.admin')}
                </Badge>
              )}
            </HStack>
          </Stack>
          {(onResend || onDelete) && (
            <Menu.Root
              positioning={{ placement: 'bottom-end' }}
              onSelect={({ value }) => {
                if (value === 'resend') onResend?.();
                if (value === 'delete') onDelete?.();
              }}
            >
              <Menu.Trigger asChild>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('users.actions.more')}
                  data-testid="pending-user-menu"
                >
                  <MoreIcon />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {onResend && (
                      <Menu.Item value="resend" data-testid="menu-resend-invitation">
                        <SendIcon />
                        {t('users.actions.resendInvitation')}
                      </Menu.Item>
                    )}
                    {onDelete && (
                      <Menu.Item value="delete" color="fg.error" data-testid="menu-delete-invitation">
                        <TrashIcon />
                        {t('users.actions.deleteInvitation')}
                      </Menu.Item>
                    )}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
