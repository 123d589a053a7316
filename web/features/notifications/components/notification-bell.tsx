import { Badge, Box, Float, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { BellIcon } from '../../../components/icons/icons';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import {
  type AppNotification,
  useGetNotificationsForLoggedinUser,
} from '../api/use-get-notifications-for-loggedin-user';
import { useMarkNotificationAsReaded } from '../api/use-mark-notification-as-readed';
import { notificationTarget } from '../notification-target';
import { notificationTexts } from '../notification-texts';

function statusColor(type: AppNotification['type']): string {
  if (type === 'UPLOAD_ERROR' || type === 'UPDATE_ERROR') return 'red.500';
  if (type === 'UPLOAD_FINISHED' || type === 'UPDATE_FINISHED') return 'green.500';
  return 'brand.solid';
}

/**
 * The bell with the unread count. Opening a notification marks it read on the server, removes it
 * from the list at once and navigates to its target (notification-target.ts).
 */
export function NotificationBell() {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const { data, mutate } = useGetNotificationsForLoggedinUser(true);
  const { trigger } = useMarkNotificationAsReaded();
  const notifications = data?.getNotificationsForLoggedinUser ?? [];

  async function openNotification(notification: AppNotification) {
    setOpen(false);
    const remaining = notifications.filter((item) => item.id !== notification.id);
    void mutate({ getNotificationsForLoggedinUser: remaining }, { revalidate: false });
    const target = notificationTarget(notification);
    if (target) navigate(target);
    try {
      await trigger({ notificationId: notification.id });
    } catch (error) {
      console.error('markNotificationAsReaded failed', error);
    }
    void mutate();
  }

  return (
    // lazyMount: the list renders when opened, not with every page and every poll (first paint).
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('notifications.title')}
          data-testid="notification-bell"
          position="relative"
        >
          <BellIcon />
          {notifications.length > 0 && (
            <Float placement="top-end" offset="1.5">
              <Badge
                colorPalette="red"
                variant="solid"
                size="xs"
                borderRadius="full"
                minW="4"
                justifyContent="center"
                data-testid="notification-count"
              >
                {notifications.length > 99 ? '99+' : notifications.length}
              </Badge>
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="96">
            <Popover.Header borderBottomWidth="1px" borderColor="border.muted" pb="3">
              <Stack direction="row" justify="space-between" align="center">
                <Popover.Title fontWeight="semibold">{t('notifications.title')}</Popover.Title>
                {notifications.length > 0 && (
                  <Badge colorPalette="brand">{t('notifications.unread', { count: notifications.length })}</Badge>
                )}
              </Stack>
            </Popover.Header>
            <Popover.Body p="0" maxH="96" overflowY="auto">
              {notifications.length === 0 ? (
                <Text p="6" textAlign="center" fontSize="sm" color="fg.muted">
                  {t('notifications.empty')}
                </Text>
              ) : (
                notifications.map((notification) => (
                  <Box
                    key={notification.id}
                    as="button"
                    display="flex"
                    gap="3"
                    w="full"
                    textAlign="start"
                    px="4"
                    py="3"
                    borderBottomWidth="1px"
                    borderColor="border.muted"
                    _hover={{ bg: 'bg.muted' }}
                    onClick={() => void openNotification(notification)}
                    data-testid="notification-item"
                  >
                    <Box mt="1.5" boxSize="2" borderRadius="full" bg={statusColor(notification.type)} flexShrink={0} />
                    <Box minW="0">
                      <Text fontSize="sm" fontWeight="semibold">
                        {notificationTexts(notification, locale, t).title}
                      </Text>
                      <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                        {notificationTexts(notification, locale, t).description}
                      </Text>
                      <Text fontSize="xs" color="fg.subtle" mt="1">
                        {formatDateTime(notification.createdDate, locale)}
                      </Text>
                    </Box>
                  </Box>
                ))
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
