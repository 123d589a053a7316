import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';
import type { DatafileRow } from '../api/datafiles-documents';

export type DatafileAction =
  | 'open'
  | 'reupload'
  | 'continueDraft'
  | 'fixUpload'
  | 'rename'
  | 'share'
  | 'changeOwner'
  | 'stop'
  | 'reopen'
  | 'reset'
  | 'delete';

/**
 * What the menu offers for a row: what the status allows, and for changes only when the viewer
 * manages the file (owner, the organisation's ADMINs, operators). The server enforces the same.
 */
export function actionsFor(row: DatafileRow): DatafileAction[] {
  const processed = row.status === 'READY' || row.status === 'STOPPED';
  const list: DatafileAction[] = processed ? ['open'] : [];
  if (!row.canManage) return list;
  if (row.status === 'READY' && !row.isUpdating && row.importType === 'MANUAL') list.push('reupload');
  if (row.status === 'DRAFT') list.push('continueDraft');
  if (row.status === 'ERROR') list.push('fixUpload');
  list.push('rename');
  if (row.status === 'PROCESSING') return list;
  if (processed) list.push('share');
  list.push('changeOwner');
  if (row.importType === 'LIVE' && row.status === 'READY') list.push('stop');
  if (row.importType === 'LIVE' && row.status === 'STOPPED') list.push('reopen');
  if (processed && row.isCleaned) list.push('reset');
  list.push('delete');
  return list;
}

export function RowActions({ row, onAction }: { row: DatafileRow; onAction: (action: DatafileAction) => void }) {
  const t = useT();
  const actions = actionsFor(row);
  if (actions.length === 0) return null;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onAction(value as DatafileAction)}>
      <Menu.Trigger asChild>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('datafiles.actions.menu', { title: row.title })}
          data-testid="row-actions"
        >
          ⋯
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {actions.map((a) => (
              <Menu.Item key={a} value={a} color={a === 'delete' ? 'fg.error' : undefined} data-testid={`action-${a}`}>
                {t(`datafiles.actions.${a}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
