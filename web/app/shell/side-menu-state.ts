import { atomWithStorage } from 'jotai/utils';
import { storageKeys } from '../../lib/storage';

/** Below this window width the menu starts as icons, so pages keep their tables' columns (1024 px is supported). */
const NARROW_WINDOW = 1280;

/** A working setting: cleared at logout like the others. Until the user chooses, it follows the window's width. */
export const sideMenuCollapsedAtom = atomWithStorage<boolean>(
  storageKeys.sideMenuCollapsed,
  typeof window !== 'undefined' && window.innerWidth < NARROW_WINDOW,
  undefined,
  { getOnInit: true },
);
