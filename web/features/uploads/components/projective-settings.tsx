import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';
import { PURPOSES, type DraftPoint } from '../state/columns';
import { OrderedColumns, SettingCheckbox, SettingInput } from './settings-fields';

/** A projective question: its own-choice column first, then one prediction column per answer option; purposes PS, CS, IS, SDS (IS not with SDS). */
export function ProjectiveSettings({
  point,
  onChange,
  onMove,
}: {
  point: DraftPoint;
  onChange: (patch: Partial<DraftPoint>) => void;
  onMove: (column: string, by: -1 | 1) => void;
}) {
  const t = useT();
  const a = point.algorithms ?? {};
  const set = (purpose: (typeof PURPOSES)[number], on: boolean) => {
    const next = { ...a, [purpose]: on };
    // IS and SDS exclude each other: choosing one clears the other.
    if (on && purpose === 'IS') next.SDS = false;
    if (on && purpose === 'SDS') next.IS = false;
    onChange({ algorithms: next });
  };
  return (
    <Stack gap="3">
      <SettingInput
        label={t('uploads.step2.projective.title')}
        value={point.questionTitle ?? ''}
        onChange={(v) => onChange({ questionTitle: v })}
      />
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="1">
          {t('uploads.step2.projective.choice')} / {t('uploads.step2.projective.predictions')}
        </Text>
        <OrderedColumns
          columns={point.columns}
          onMove={onMove}
          upLabel={t('uploads.step2.grid.up')}
          downLabel={t('uploads.step2.grid.down')}
          first={t('uploads.step2.projective.choice')}
        />
      </Box>
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="1">
          {t('uploads.step2.projective.purposes')}
        </Text>
        <HStack gap="5" wrap="wrap">
          {PURPOSES.map((p) => (
            <SettingCheckbox
              key={p}
              checked={a[p] === true}
              onChange={(on) => set(p, on)}
              testId={`projective-${point.dataPointIdentifier}-${p}`}
            >
              {t(`uploads.step2.projective.purpose.${p}`)}
            </SettingCheckbox>
          ))}
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('uploads.step2.projective.isWithSds')}
        </Text>
      </Box>
    </Stack>
  );
}
