import { useAtomValue } from 'jotai';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  BuildingIcon,
  ChartIcon,
  ChevronDownIcon,
  DashboardIcon,
  DatabaseIcon,
  FilesIcon,
  ImportIcon,
  LiveIcon,
  MonitorIcon,
  ShieldIcon,
  UploadIcon,
} from '../../components/icons/icons';
import type { AccessLevel } from '../../features/users/api/use-me';
import { useT } from '../../lib/i18n';
import { sideMenuCollapsedAtom } from './side-menu-state';
import './shell.css';

type MenuLeaf = { key: string; labelKey: string; href: string; icon: ReactNode; activePrefix?: string };
type MenuGroup = { key: string; labelKey: string; icon: ReactNode; children: MenuLeaf[] };
type MenuEntry = MenuLeaf | MenuGroup;

/** The side menu of the app shell, by role. */
export function menuFor(accessLevel: AccessLevel): MenuEntry[] {
  const entries: MenuEntry[] = [
    { key: 'dashboard', labelKey: 'nav.dashboard', href: '/', icon: <DashboardIcon /> },
    {
      key: 'import',
      labelKey: 'nav.import',
      icon: <ImportIcon />,
      children: [
        {
          key: 'upload',
          labelKey: 'nav.upload',
          href: '/upload-dataset/step1',
          icon: <UploadIcon />,
          activePrefix: '/upload-dataset',
        },
        { key: 'live-import', labelKey: 'nav.liveImport', href: '/live-import', icon: <LiveIcon /> },
      ],
    },
    { key: 'datafiles', labelKey: 'nav.datafiles', href: '/datafiles', icon: <FilesIcon /> },
  ];
  if (accessLevel !== 'EMPLOYEE') {
    entries.push({
      key: 'administration',
      labelKey: 'nav.administration',
      href: '/administration',
      icon: <BuildingIcon />,
    });
  }
  if (accessLevel === 'SUPER_ADMIN') {
    entries.push(
      { key: 'admin-panel', labelKey: 'nav.adminPanel', href: '/admin-panel', icon: <ShieldIcon /> },
      { key: 'monitoring', labelKey: 'nav.monitoring', href: '/monitoring', icon: <MonitorIcon /> },
      {
        key: 'stats',
        labelKey: 'nav.stats',
        icon: <ChartIcon />,
        children: [
          // Icons and names of their own: collapsed, the menu shows leaves only, and these must not read as "Datafiles" again.
          { key: 'data-files-stats', labelKey: 'nav.dataFilesStats', href: '/data-files-stats', icon: <ChartIcon /> },
          {
            key: 'data-records-stats',
            labelKey: 'nav.dataRecordsStats',
            href: '/data-records-stats',
            icon: <DatabaseIcon />,
          },
        ],
      },
    );
  }
  return entries;
}

function isActive(leaf: MenuLeaf, location: string): boolean {
  if (leaf.activePrefix) return location.startsWith(leaf.activePrefix);
  return location === leaf.href;
}

function LeafLink({ leaf, collapsed, nested = false }: { leaf: MenuLeaf; collapsed: boolean; nested?: boolean }) {
  const t = useT();
  const [location] = useLocation();
  const active = isActive(leaf, location);
  const label = t(leaf.labelKey);
  return (
    <Link
      href={leaf.href}
      className="side-menu-item"
      data-nested={nested && !collapsed ? '' : undefined}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? label : undefined}
      data-testid={`menu-${leaf.key}`}
    >
      <span className="side-menu-icon">{leaf.icon}</span>
      {!collapsed && <span className="side-menu-label">{label}</span>}
    </Link>
  );
}

function GroupEntry({ group, collapsed }: { group: MenuGroup; collapsed: boolean }) {
  const t = useT();
  const [location] = useLocation();
  const containsActive = group.children.some((leaf) => isActive(leaf, location));
  const [open, setOpen] = useState(true);
  const [toggled, setToggled] = useState(false);
  const contentId = `side-menu-${useId()}`;
  if (collapsed) {
    return (
      <>
        {group.children.map((leaf) => (
          <LeafLink key={leaf.key} leaf={leaf} collapsed />
        ))}
      </>
    );
  }
  return (
    <div className="side-menu-group" data-state={open ? 'open' : 'closed'} data-toggled={toggled ? '' : undefined}>
      <button
        type="button"
        className="side-menu-item side-menu-group-trigger"
        data-contains-active={containsActive ? '' : undefined}
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => {
          setOpen(!open);
          setToggled(true);
        }}
        data-testid={`menu-${group.key}`}
      >
        <span className="side-menu-icon">{group.icon}</span>
        <span className="side-menu-group-label">{t(group.labelKey)}</span>
        <span className="side-menu-chevron">
          <ChevronDownIcon />
        </span>
      </button>
      <div className="side-menu-group-content" id={contentId} hidden={!open}>
        <div className="side-menu-list side-menu-group-list">
          {group.children.map((leaf) => (
            <LeafLink key={leaf.key} leaf={leaf} collapsed={false} nested />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Plain elements on a static stylesheet (shell.css): the menu renders with the page's first frame. */
export function SideMenu({ accessLevel }: { accessLevel: AccessLevel }) {
  const t = useT();
  const collapsed = useAtomValue(sideMenuCollapsedAtom);
  return (
    <nav aria-label={t('nav.mainMenu')} className="side-menu" data-testid="side-menu" data-collapsed={collapsed}>
      <div className="side-menu-list">
        {menuFor(accessLevel).map((entry) =>
          'children' in entry ? (
            <GroupEntry key={entry.key} group={entry} collapsed={collapsed} />
          ) : (
            <LeafLink key={entry.key} leaf={entry} collapsed={collapsed} />
          ),
        )}
      </div>
    </nav>
  );
}
