import { Button, Flex, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { ManualValue } from '../settings/form-model';

/** Manual include/exclude of the interview selected in the table, with why (kept in the audit trail). */
export function ManualPanel({
  recordId,
  current,
  onDecide,
}: {
  recordId: string | null;
  current: ManualValue | undefined;
  onDecide: (recordId: string, value: ManualValue | null) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  if (!recordId)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="manual-hint">
        {t('worksheet.manual.hint')}
      </Text>
    );
  return (
    <Flex gap="2" align="center" wrap="wrap" data-testid="manual-panel">
      <Text fontSize="sm" fontWeight="medium">
        {t('worksheet.manual.selected', { recordId })}
      </Text>
      {current ? (
        <Text fontSize="sm" color="fg.muted">
          ({t(`worksheet.manual.${current.decision}`)})
        </Text>
      ) : null}
      <Input
        size="xs"
        w="16rem"
        value={reason}
        placeholder={t('worksheet.manual.reason')}
        aria-label={t('worksheet.manual.reason')}
        onChange={(e) => setReason(e.currentTarget.value)}
        data-testid="manual-reason"
      />
      <Button
        size="xs"
        colorPalette="red"
        variant="outline"
        onClick={() => {
          onDecide(recordId, { decision: 'EXCLUDE', reason });
          setReason('');
        }}
        data-testid="manual-exclude"
      >
        {t('worksheet.manual.exclude')}
      </Button>
      <Button
        size="xs"
        colorPalette="green"
        variant="outline"
        onClick={() => {
          onDecide(recordId, { decision: 'KEEP', reason });
          setReason('');
        }}
        data-testid="manual-keep"
      >
        {t('worksheet.manual.keep')}
      </Button>
      {current ? (
        <Button size="xs" variant="ghost" onClick={() => onDecide(recordId, null)} data-testid="manual-clear">
          {t('worksheet.manual.clear')}
        </Button>
      ) : null}
    </Flex>
  );
}
