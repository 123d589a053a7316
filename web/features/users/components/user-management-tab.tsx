import { Badge, Button, Checkbox, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { PageError, PageSpinner } from '../../../components/feedback/page-state';
import { useT } from '../../../lib/i18n';
import { useDeleteUser } from '../api/use-delete-user';
import { type CompanyUser, useGetCompanyUsers } from '../api/use-get-company-users';
import { useMe } from '../api/use-me';
import { useResendUserInvitation } from '../api/use-resend-user-invitation';
import { useRevokeMagicKey } from '../api/use-revoke-magic-key';
import { useSendPasswordResetEmail } from '../api/use-send-password-reset-email';
import { EditUserDialog } from './edit-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { ActiveUserCard, PendingUserCard } from './user-cards';
import { UserPlusIcon } from './user-icons';

type Modal =
  | { kind: 'invite' }
  | { kind: 'edit' | 'delete' | 'passwordReset' | 'resendInvitation' | 'deleteInvitation'; user: CompanyUser }
  | null;

const byName = (a: CompanyUser, b: CompanyUser) =>
  Number(b.isOwner) - Number(a.isOwner) ||
  `${a.name.first} ${a.name.last}`.localeCompare(`${b.name.first} ${b.name.last}`);

/** The fourth tab of the organisation details and Administration pages: the company's users. */
export function UserManagementTab({ companyId }: { companyId: string }) {
  const t = useT();
  const me = useMe();
  const users = useGetCompanyUsers(companyId);
  const deleteUser = useDeleteUser();
  const resendInvitation = useResendUserInvitation();
  const sendPasswordReset = useSendPasswordResetEmail();
  const revokeKey = useRevokeMagicKey();
  const [modal, setModal] = useState<Modal>(null);
  // A reset by an admin often follows a doubt about the account: it offers to stop the API key too.
  const [revokeWithReset, setRevokeWithReset] = useState(false);
  const close = () => {
    setModal(null);
    setRevokeWithReset(false);
  };
  // Keeps the names in a closing modal's texts while its exit animation runs.
  const lastTarget = useRef<CompanyUser | null>(null);
  if (modal && modal.kind !== 'invite') lastTarget.current = modal.user;

  if (users.error || me.error)
    return (
      <PageError
        onRetry={() => {
          void users.mutate();
          void me.mutate();
        }}
      />
    );
  if (!users.data || !me.data) return <PageSpinner />;

  const viewer = me.data.me.user;
  // EMPLOYEEs may look at their colleagues; only admins and operators manage them.
  const canManage = viewer.accessLevel !== 'EMPLOYEE';
  const all = [...users.data.getCompanyUsers].sort(byName);
  const active = all.filter((user) => user.status === 'ACTIVATED');
  // An invitation is pending until it is accepted; a deactivated user is no invitation and has a section of its own.
  const pending = all.filter((user) => user.status === 'PENDING' || user.status === 'NOT_ACTIVATED');
  const deactivated = all.filter((user) => user.status === 'DEACTIVATED');
  const target = lastTarget.current;
  const targetName = target ? `${target.name.first} ${target.name.last}` : '';

  return (
    <Stack gap="6" data-testid="user-management-tab">
      <HStack justify="space-between" align="center">
        <HStack gap="2">
          <Heading size="md">{t('users.activeTitle')}</Heading>
          <Badge colorPalette="gray" data-testid="active-users-count">
            {active.length}
          </Badge>
        </HStack>
        {canManage && (
          <Button
            colorPalette="brand"
            size="sm"
            onClick={() => setModal({ kind: 'invite' })}
            data-testid="invite-user-button"
          >
            <UserPlusIcon />
            {t('users.actions.invite')}
          </Button>
        )}
      </HStack>
      <SimpleGrid minChildWidth="280px" gap="4" data-testid="active-users">
        {active.map((user) => (
          <ActiveUserCard
            key={user.id}
            user={user}
            onEdit={canManage && user.id !== viewer.id ? () => setModal({ kind: 'edit', user }) : undefined}
          />
        ))}
      </SimpleGrid>

      <Stack gap="4" data-testid="pending-users">
        <HStack gap="2">
          <Heading size="md">{t('users.pendingTitle')}</Heading>
          <Badge colorPalette="orange" data-testid="pending-users-count">
            {pending.length}
          </Badge>
        </HStack>
        {pending.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" data-testid="no-pending-users">
            {t('users.noPending')}
          </Text>
        ) : (
          <SimpleGrid minChildWidth="280px" gap="4">
            {pending.map((user) => (
              <PendingUserCard
                key={user.id}
                user={user}
                onResend={canManage ? () => setModal({ kind: 'resendInvitation', user }) : undefined}
                onDelete={canManage ? () => setModal({ kind: 'deleteInvitation', user }) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      {deactivated.length > 0 && (
        <Stack gap="4" data-testid="deactivated-users">
          <HStack gap="2">
            <Heading size="md">{t('users.deactivatedTitle')}</Heading>
            <Badge colorPalette="gray" data-testid="deactivated-users-count">
              {deactivated.length}
            </Badge>
          </HStack>
          <SimpleGrid minChildWidth="280px" gap="4">
            {deactivated.map((user) => (
              <ActiveUserCard
                key={user.id}
                user={user}
                onEdit={canManage ? () => setModal({ kind: 'edit', user }) : undefined}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <InviteUserDialog companyId={companyId} open={modal?.kind === 'invite'} onClose={close} />
      <EditUserDialog
        viewer={viewer}
        user={modal?.kind === 'edit' ? modal.user : null}
        onClose={close}
        onSendPasswordReset={(user) => setModal({ kind: 'passwordReset', user })}
        onDelete={(user) => setModal({ kind: 'delete', user })}
      />
      <ConfirmDialog
        open={modal?.kind === 'delete'}
        danger
        testId="delete-user-dialog"
        onClose={close}
        title={t('users.delete.title')}
        confirmLabel={t('users.delete.confirm')}
        successMessage={t('users.delete.success', { name: targetName })}
        onConfirm={() => deleteUser.trigger({ userId: target!.id })}
      >
        <Text>{t('users.delete.text', { name: targetName })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={modal?.kind === 'deleteInvitation'}
        danger
        testId="delete-invitation-dialog"
        onClose={close}
        title={t('users.deleteInvitation.title')}
        confirmLabel={t('users.deleteInvitation.confirm')}
        successMessage={t('users.deleteInvitation.success')}
        onConfirm={() => deleteUser.trigger({ userId: target!.id })}
      >
        <Text>{t('users.deleteInvitation.text', { email: target?.email ?? '' })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={modal?.kind === 'resendInvitation'}
        testId="resend-invitation-dialog"
        onClose={close}
        title={t('users.resend.title')}
        confirmLabel={t('users.resend.confirm')}
        successMessage={t('users.resend.success', { email: target?.email ?? '' })}
        onConfirm={() => resendInvitation.trigger({ userId: target!.id })}
      >
        <Text>{t('users.resend.text', { email: target?.email ?? '' })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={modal?.kind === 'passwordReset'}
        testId="password-reset-dialog"
        onClose={close}
        title={t('users.passwordReset.title')}
        confirmLabel={t('users.passwordReset.confirm')}
        successMessage={t(revokeWithReset ? 'users.passwordReset.successRevoked' : 'users.passwordReset.success', {
          email: target?.email ?? '',
        })}
        onConfirm={async () => {
          await sendPasswordReset.trigger({ email: target!.email });
          if (revokeWithReset && target?.apiKey) await revokeKey.trigger({ userId: target.id });
        }}
      >
        <Stack gap="3">
          <Text>{t('users.passwordReset.text', { email: target?.email ?? '' })}</Text>
          {target?.apiKey && (
            <Checkbox.Root
              checked={revokeWithReset}
              onCheckedChange={(details) => setRevokeWithReset(details.checked === true)}
              alignItems="flex-start"
              colorPalette="red"
              data-testid="password-reset-revoke-key"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">
                {target.apiKey.hint
                  ? t('users.passwordReset.revokeKey', { hint: target.apiKey.hint })
                  : t('users.passwordReset.revokeKeyWithoutHint')}
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
