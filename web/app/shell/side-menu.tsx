import { Box, Collapsible, Flex, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
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

function itemStyles(active: boolean) {
  return {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: active ? 'semibold' : 'medium',
    color: active ? 'white' : 'sidebar.fg',
    bg: active ? 'sidebar.active' : 'transparent',
    _hover: { bg: active ? 'sidebar.active' : 'sidebar.hover', color: 'white' },
    transition: 'background 0.15s',
  } as const;
}

function LeafLink({ leaf, collapsed, nested = false }: { leaf: MenuLeaf; collapsed: boolean; nested?: boolean }) {
  const t = useT();
  const [location] = useLocation();
  const active = isActive(leaf, location);
  const label = t(leaf.labelKey);
  return (
    <Box
      asChild
      {...itemStyles(active)}
      pl={nested && !collapsed ? '10' : '3'}
      justifyContent={collapsed ? 'center' : 'flex-start'}
    >
      <Link
        href={leaf.href}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? label : undefined}
        data-testid={`menu-${leaf.key}`}
      >
        <Box as="span" fontSize="lg" flexShrink={0}>
          {leaf.icon}
        </Box>
        {!collapsed && (
          <Text as="span" truncate>
            {label}
          </Text>
        )}
      </Link>
    </Box>
  );
}

function GroupEntry({ group, collapsed }: { group: MenuGroup; collapsed: boolean }) {
  const t = useT();
  const [location] = useLocation();
  const containsActive = group.children.some((leaf) => isActive(leaf, location));
  const [open, setOpen] = useState(true);
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
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Collapsible.Trigger asChild>
        <Box
          as="button"
          w="full"
          {...itemStyles(false)}
          color={containsActive ? 'white' : 'sidebar.fg'}
          data-testid={`menu-${group.key}`}
        >
          <Box as="span" fontSize="lg">
            {group.icon}
          </Box>
          <Text as="span" flex="1" textAlign="start">
            {t(group.labelKey)}
          </Text>
          <Box as="span" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s">
            <ChevronDownIcon />
          </Box>
        </Box>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="1" mt="1">
          {group.children.map((leaf) => (
            <LeafLink key={leaf.key} leaf={leaf} collapsed={false} nested />
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export const SIDE_MENU_WIDTH = { expanded: '248px', collapsed: '72px' } as const;

export function SideMenu({ accessLevel }: { accessLevel: AccessLevel }) {
  const t = useT();
  const collapsed = useAtomValue(sideMenuCollapsedAtom);
  return (
    <Flex
      as="nav"
      aria-label={t('nav.mainMenu')}
      direction="column"
      bg="sidebar.bg"
      color="sidebar.fg"
      w={collapsed ? SIDE_MENU_WIDTH.collapsed : SIDE_MENU_WIDTH.expanded}
      flexShrink={0}
      transition="width 0.2s"
      px="3"
      py="4"
      overflowY="auto"
      data-testid="side-menu"
      data-collapsed={collapsed}
    >
      <Stack gap="1">
        {menuFor(accessLevel).map((entry) =>
          'children' in entry ? (
            <GroupEntry key={entry.key} group={entry} collapsed={collapsed} />
          ) : (
            <LeafLink key={entry.key} leaf={entry} collapsed={collapsed} />
          ),
        )}
      </Stack>
    </Flex>
  );
}
