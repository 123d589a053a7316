import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { ExportDialog } from './export-dialog';

/** 'Export Result': a button that opens the export dialog for one datafile (worksheet, result page, report settings). */
export function ExportButton({
  datafileId,
  size = 'sm',
  variant = 'outline',
}: {
  datafileId: string;
  size?: 'xs' | 'sm' | 'md';
  variant?: 'outline' | 'solid';
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        colorPalette="brand"
        onClick={() => setOpen(true)}
        data-testid="export-open"
      >
        {t('exports.button')}
      </Button>
      <ExportDialog datafileId={datafileId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
