import { Avatar, Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { BugIcon, ChevronDownIcon, KeyIcon, LogoutIcon, UserIcon } from '../../components/icons/icons';
import type { MeUser } from '../../features/users/api/use-me';
import { externalLinks } from '../../lib/external-links';
import { useT } from '../../lib/i18n';
import { chunkLoader, lazyNamed } from '../../lib/lazy-chunk';

// The two dialogs bring Formik, Yup and the avatar cropper: they load when opened, not with the shell.
const EditProfileDialog = lazyNamed(
  chunkLoader(() => import('../../features/users/components/edit-profile-dialog')),
  'EditProfileDialog',
);
const ChangePasswordDialog = lazyNamed(
  chunkLoader(() => import('../../features/auth/components/change-password-dialog')),
  'ChangePasswordDialog',
);

/**
 * `compact`: below 1280 px the trigger shows the avatar alone (the name and role move into the
 * menu), so an open side menu leaves the organisation's name in the top bar readable.
 */
export function UserMenu({ user, compact = false }: { user: MeUser; compact?: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  const fullName = `${user.name.first} ${user.name.last}`;
  return (
    <>
      {/* lazyMount: the menu's list renders when opened, not with the frame (its first paint). */}
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        lazyMount
        unmountOnExit
        onSelect={({ value }) => {
          if (value === 'profile' || value === 'password') setDialog(value);
          if (value === 'logout') navigate('/logout');
        }}
      >
        <Menu.Trigger asChild>
          <Button
            variant="ghost"
            size="sm"
            h="10"
            px="2"
            gap="2.5"
            aria-label={t('shell.userMenu')}
            data-testid="user-menu"
          >
            <Avatar.Root size="sm" colorPalette="brand">
              <Avatar.Fallback name={fullName} />
              {user.image && <Avatar.Image src={user.image} />}
            </Avatar.Root>
            <Box textAlign="start" lineHeight="short" hideBelow={compact ? 'xl' : undefined}>
              <Text fontSize="sm" fontWeight="semibold">
                {fullName}
              </Text>
              <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                {t(`shell.roles.${user.accessLevel}`)}
              </Text>
            </Box>
            <ChevronDownIcon />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              <Box px="3" py="2">
                <Text fontSize="sm" fontWeight="semibold">
                  {fullName}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {user.email}
                </Text>
                <Text fontSize="xs" color="fg.muted" data-testid="user-menu-role">
                  {t(`shell.roles.${user.accessLevel}`)}
                </Text>
              </Box>
              <Menu.Separator />
              <Menu.Item value="profile" data-testid="menu-edit-profile">
                <UserIcon />
                {t('shell.editProfile')}
              </Menu.Item>
              <Menu.Item value="password" data-testid="menu-change-password">
                <KeyIcon />
                {t('shell.changePassword')}
              </Menu.Item>
              <Menu.Item value="bug-report" asChild>
                <a href={externalLinks.bugReportMail} data-testid="menu-bug-report">
                  <BugIcon />
                  {t('shell.bugReport')}
                </a>
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout" color="fg.error" data-testid="menu-logout">
                <LogoutIcon />
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Suspense fallback={null}>
        {dialog === 'profile' && <EditProfileDialog user={user} open onClose={() => setDialog(null)} />}
        {dialog === 'password' && <ChangePasswordDialog open onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
