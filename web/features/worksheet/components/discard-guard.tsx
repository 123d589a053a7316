import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n';

/**
 * Unsaved worksheet changes prompt a discard confirmation: on leaving the page by an
 * in-app link (clicks on same-origin links are held back until the user confirms), on closing or
 * reloading the tab (the browser's own prompt), and on the page's Discard button (`askReset`).
 */
export function DiscardGuard({
  dirty,
  askReset,
  onReset,
  onResetAsked,
}: {
  dirty: boolean;
  askReset: boolean;
  onReset: () => void;
  onResetAsked: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return undefined;
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname && link.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(link.pathname + link.search + link.hash);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);

  const open = pendingHref !== null || askReset;
  const close = () => {
    setPendingHref(null);
    onResetAsked();
  };
  const discard = () => {
    const href = pendingHref;
    close();
    onReset();
    if (href) navigate(href);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) close();
      }}
      placement="center"
      size="sm"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="discard-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('worksheet.discard.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{t('worksheet.discard.text')}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} data-testid="discard-keep">
                {t('worksheet.discard.keep')}
              </Button>
              <Button colorPalette="red" onClick={discard} data-testid="discard-confirm">
                {t('worksheet.discard.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
