import { atomWithStorage } from 'jotai/utils';
import { storageKeys } from '../../lib/storage';

/** A working setting: cleared at logout like the others. */
export const sideMenuCollapsedAtom = atomWithStorage<boolean>(storageKeys.sideMenuCollapsed, false, undefined, {
  getOnInit: true,
});
