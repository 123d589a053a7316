import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ClockIcon } from '../../components/icons/icons';
import { useT } from '../../lib/i18n';
import {
  clearSession,
  EXPIRY_WARNING_MS,
  isWaitingForLogout,
  sessionAtom,
  setWaitingForLogout,
} from '../../lib/session';

/**
 * 5 minutes before the session ends an alert opens once; consent sets the
 * waiting-for-logout flag. Past expiry the expiry cookie and the flag go and the browser goes to /login.
 */
export function SessionExpiryAlert() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const shownFor = useRef<number | null>(null);
  const expiresAt = session?.expiresAt ?? null;

  useEffect(() => {
    if (expiresAt === null) return undefined;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const now = Date.now();
    const warnIn = expiresAt - EXPIRY_WARNING_MS - now;
    if (shownFor.current !== expiresAt && !isWaitingForLogout()) {
      timers.push(
        setTimeout(
          () => {
            if (shownFor.current === expiresAt || isWaitingForLogout()) return;
            shownFor.current = expiresAt;
            setOpen(true);
            setOpened(true);
          },
          Math.max(0, warnIn),
        ),
      );
    }
    timers.push(
      setTimeout(
        () => {
          setOpen(false);
          clearSession();
          navigate('/login', { replace: true });
        },
        Math.max(0, expiresAt - now),
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, [expiresAt, navigate]);

  const consent = () => {
    setWaitingForLogout();
    setOpen(false);
  };

  // The dialog's state machine starts only once the alert is due (then stays for its closing animation),
  // not with every page's first frame.
  if (!opened) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) consent();
      }}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="session-expiry-alert">
            <Dialog.Header gap="3" alignItems="center">
              <Text as="span" fontSize="2xl" color="orange.500">
                <ClockIcon />
              </Text>
              <Dialog.Title>{t('session.expiryTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{t('session.expiryText')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={consent} data-testid="session-expiry-consent">
                {t('session.expiryConsent')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
