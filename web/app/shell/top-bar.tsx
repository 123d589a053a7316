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
import { sideMenuCollapsedAtom } from './side-menu-state';
import { UserMenu } from './user-menu';
import './shell.css';

/**
 * The brand block, the side menu's toggle, the organisation and the tutorial and full-screen buttons are
 * plain elements on a static stylesheet (shell.css); the buttons and menus on the right mount right after
 * the first paint of the page.
 */
export function TopBar({ user, onLocaleChanged }: { user: MeUser; onLocaleChanged: (locale: Locale) => void }) {
  const t = useT();
  const [collapsed, setCollapsed] = useAtom(sideMenuCollapsedAtom);
  const company = user.company;
  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="top-bar-brand" data-collapsed={collapsed}>
        <Link href="/" aria-label={t('common.appName')}>
          <div className="top-bar-logo">
            <img src="/logo.svg" alt="" />
            {!collapsed && <p className="top-bar-app-name">{t('common.appName')}</p>}
          </div>
        </Link>
      </div>
      <div className="top-bar-main">
        <button
          type="button"
          className="top-bar-button"
          data-icon-only
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          title={t('shell.toggleMenu')}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="menu-toggle"
        >
          <MenuIcon />
        </button>
        {company && (
          <div className="top-bar-company" data-testid="company">
            <img src={company.image ?? '/default-company.svg'} alt={t('shell.companyLogo')} />
            <p className="top-bar-company-name" data-testid="company-name">
              {company.name}
            </p>
          </div>
        )}
        <div className="top-bar-spacer" />
        <AfterFirstPaint>
          <button
            type="button"
            className="top-bar-button top-bar-tutorial"
            // Below 1280 px with the side menu open the icon alone, so the organisation's name keeps its room.
            data-compact={collapsed ? undefined : ''}
            title={t('shell.tutorialHint')}
            aria-label={t('shell.tutorial')}
            onClick={() => openInNewTab(externalLinks.tutorialVideo)}
            data-testid="tutorial-button"
          >
            <PlayIcon />
            <span>{t('shell.tutorial')}</span>
          </button>
          <div className="top-bar-buttons">
            <LanguageMenu onChanged={onLocaleChanged} />
            <WalletMenu companyId={company?.id ?? null} canManageCredits={user.accessLevel !== 'EMPLOYEE'} />
            <NotificationBell />
            <FullscreenToggle />
            <InfoMenu />
          </div>
          <span role="separator" aria-orientation="vertical" className="top-bar-separator" />
          <UserMenu user={user} compact={!collapsed} />
        </AfterFirstPaint>
      </div>
    </header>
  );
}
