import { Box, Button, Flex, HStack, IconButton, Image, Separator, Text } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { Link } from 'wouter';
import { MenuIcon, PlayIcon } from '../../components/icons/icons';
import { AfterFirstPaint } from '../../components/layout/after-first-paint';
import { LanguageMenu } from '../../components/layout/language-menu';
import { WalletMenu } from '../../features/credits/components/wallet-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import type { MeUser } from '../../features/users/api/use-me';
import { externalLinks, openInNewTab } from '../../lib/external-links';
import type { Locale } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { FullscreenToggle } from './fullscreen-toggle';
import { InfoMenu } from './info-menu';
import { SIDE_MENU_WIDTH } from './side-menu';
import { sideMenuCollapsedAtom } from './side-menu-state';
import { UserMenu } from './user-menu';

export const TOP_BAR_HEIGHT = '64px';

/** The buttons and menus on the right mount right after the first paint of the page. */
export function TopBar({ user, onLocaleChanged }: { user: MeUser; onLocaleChanged: (locale: Locale) => void }) {
  const t = useT();
  const [collapsed, setCollapsed] = useAtom(sideMenuCollapsedAtom);
  const company = user.company;
  return (
    <Flex
      as="header"
      h={TOP_BAR_HEIGHT}
      align="center"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border.muted"
      position="sticky"
      top="0"
      zIndex="docked"
      data-testid="top-bar"
    >
      <Flex
        w={collapsed ? SIDE_MENU_WIDTH.collapsed : SIDE_MENU_WIDTH.expanded}
        h="full"
        align="center"
        px="5"
        gap="3"
        bg="sidebar.bg"
        transition="width 0.2s"
        flexShrink={0}
      >
        <Link href="/" aria-label={t('common.appName')}>
          <Flex align="center" gap="2.5">
            <Image src="/logo.svg" alt="" boxSize="8" />
            {!collapsed && (
              <Text color="white" fontWeight="bold" fontSize="lg" letterSpacing="-0.01em">
                {t('common.appName')}
              </Text>
            )}
          </Flex>
        </Link>
      </Flex>
      <Flex flex="1" align="center" px="4" gap="3" minW="0">
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          title={t('shell.toggleMenu')}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="menu-toggle"
        >
          <MenuIcon />
        </IconButton>
        {company && (
          <HStack gap="2.5" minW="0" data-testid="company">
            <Image
              src={company.image ?? '/default-company.svg'}
              alt={t('shell.companyLogo')}
              boxSize="8"
              borderRadius="full"
              objectFit="cover"
              borderWidth="1px"
              borderColor="border.muted"
            />
            <Text fontWeight="semibold" truncate maxW="64" data-testid="company-name">
              {company.name}
            </Text>
          </HStack>
        )}
        <Box flex="1" />
        <AfterFirstPaint>
          <Button
            size="sm"
            variant="subtle"
            colorPalette="brand"
            gap="2"
            title={t('shell.tutorialHint')}
            aria-label={t('shell.tutorial')}
            onClick={() => openInNewTab(externalLinks.tutorialVideo)}
            data-testid="tutorial-button"
          >
            <PlayIcon />
            {/* Below 1280 px with the side menu open the icon alone, so the organisation's name keeps its room. */}
            <Box as="span" hideBelow={collapsed ? undefined : 'xl'}>
              {t('shell.tutorial')}
            </Box>
          </Button>
          <HStack gap="1">
            <LanguageMenu onChanged={onLocaleChanged} />
            <WalletMenu companyId={company?.id ?? null} canManageCredits={user.accessLevel !== 'EMPLOYEE'} />
            <NotificationBell />
            <FullscreenToggle />
            <InfoMenu />
          </HStack>
          <Separator orientation="vertical" h="8" />
          <UserMenu user={user} compact={!collapsed} />
        </AfterFirstPaint>
      </Flex>
    </Flex>
  );
}
