import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Link } from 'wouter';
import { DownloadIcon, HelpIcon, InfoIcon } from '../../components/icons/icons';
import { externalLinks } from '../../lib/external-links';
import { useT } from '../../lib/i18n';

export function InfoMenu() {
  const t = useT();
  return (
    // lazyMount: the menu's list renders when opened, not with the frame (its first paint).
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('shell.info')} data-testid="info-menu">
          <InfoIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Menu.Item value="one-pager" asChild>
              <a href={externalLinks.onePager} download>
                <DownloadIcon />
                {t('shell.onePager')}
              </a>
            </Menu.Item>
            {/* The help center is the in-app guides and FAQ, in the user's language. */}
            <Menu.Item value="help-center" asChild>
              <Link href="/guides" data-testid="help-center-link">
                <HelpIcon />
                {t('shell.helpCenter')}
              </Link>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
