import { Box, Button, Card, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';
import { BEHAVIOUR_TYPES, isBehaviourType, MIN_GRID_ITEMS, type DraftPoint } from '../state/columns';
import { OpenEndedSettings } from './open-ended-settings';
import { ProjectiveSettings } from './projective-settings';
import { OrderedColumns, SettingCheckbox, SettingInput } from './settings-fields';

const numberOrNull = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** Types whose data points have settings beyond their columns. */
export const HAS_SETTINGS = new Set<string>([
  'DURATION',
  'TIMESTAMP',
  'ITEM_BATTERY',
  'OPEN_ENDED',
  'PROJECTIVE',
  ...BEHAVIOUR_TYPES,
]);

/** The settings card of one data point, with its problems. */
export function PointSettings({
  point,
  problems,
  onChange,
  onMove,
  openQuestions = [],
}: {
  point: DraftPoint;
  /** The columns mapped as open questions (a paradata column names one of them). */
  openQuestions?: readonly string[];
  problems: string[];
  onChange: (patch: Partial<DraftPoint>) => void;
  onMove: (column: string, by: -1 | 1) => void;
}) {
  const t = useT();
  const title =
    point.dataPointType === 'ITEM_BATTERY' ||
    point.dataPointType === 'PROJECTIVE' ||
    point.dataPointType === 'TIMESTAMP'
      ? point.questionTitle || point.dataPointIdentifier
      : point.columns[0];
  return (
    <Card.Root
      variant="outline"
      bg="bg"
      borderColor={problems.length ? 'border.error' : undefined}
      data-testid={`point-${point.dataPointIdentifier}`}
    >
      <Card.Header pb="2">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t(`uploads.step2.types.${point.dataPointType}`)}
          </Text>
        </HStack>
        {problems.map((m) => (
          <Text key={m} fontSize="sm" color="fg.error" data-testid="point-issue">
            {m}
          </Text>
        ))}
      </Card.Header>
      <Card.Body pt="2">
        {point.dataPointType === 'DURATION' && (
          <SimpleGrid columns={2} gap="3">
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                {t('uploads.step2.duration.role')}
              </Text>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={point.role ?? 'PAGE'}
                  onChange={(e) => onChange({ role: e.currentTarget.value as 'TOTAL' | 'PAGE' })}
                >
                  <option value="TOTAL">{t('uploads.step2.duration.TOTAL')}</option>
                  <option value="PAGE">{t('uploads.step2.duration.PAGE')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                {t('uploads.step2.duration.unit')}
              </Text>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={point.unit ?? 's'}
                  onChange={(e) => onChange({ unit: e.currentTarget.value })}
                >
                  {['ms', 's', 'm', 'h'].map((u) => (
                    <option key={u} value={u}>
                      {t(`uploads.step2.duration.units.${u}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
          </SimpleGrid>
        )}
        {point.dataPointType === 'TIMESTAMP' && (
          <Stack gap="2">
            <Text fontSize="sm">
              {t('uploads.step2.timestamp.start')}: <b>{point.columns[0] ?? '–'}</b> ·{' '}
              {t('uploads.step2.timestamp.end')}: <b>{point.columns[1] ?? '–'}</b>
            </Text>
            <HStack>
              <Button
                size="xs"
                variant="outline"
                disabled={point.columns.length < 2}
                onClick={() => onMove(point.columns[0]!, 1)}
              >
                {t('uploads.step2.timestamp.swap')}
              </Button>
              <NativeSelect.Root size="sm" maxW="56">
                <NativeSelect.Field
                  value={point.role ?? 'PAGE'}
                  onChange={(e) => onChange({ role: e.currentTarget.value as 'TOTAL' | 'PAGE' })}
                >
                  <option value="TOTAL">{t('uploads.step2.duration.TOTAL')}</option>
                  <option value="PAGE">{t('uploads.step2.duration.PAGE')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
            {/* Whether 5/10/18 is 10 May or 5 October is the column's, not the cell's: the user says it. */}
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                {t('uploads.step2.timestamp.dateOrder')}
              </Text>
              <NativeSelect.Root size="sm" maxW="md">
                <NativeSelect.Field
                  data-testid="timestamp-date-order"
                  value={point.dateOrder ?? ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    onChange({ dateOrder: v === 'MDY' || v === 'DMY' ? v : null });
                  }}
                >
                  <option value="">{t('uploads.step2.timestamp.dateOrders.NONE')}</option>
                  <option value="MDY">{t('uploads.step2.timestamp.dateOrders.MDY')}</option>
                  <option value="DMY">{t('uploads.step2.timestamp.dateOrders.DMY')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
          </Stack>
        )}
        {point.dataPointType === 'ITEM_BATTERY' && (
          <Stack gap="3">
            <SettingInput
              label={t('uploads.step2.grid.title')}
              value={point.questionTitle ?? ''}
              onChange={(v) => onChange({ questionTitle: v })}
            />
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                {t('uploads.step2.grid.items', { count: point.columns.length })}
              </Text>
              {point.columns.length < MIN_GRID_ITEMS && (
                <Text fontSize="xs" color="fg.error" mb="1">
                  {t('uploads.step2.grid.minItems', { min: MIN_GRID_ITEMS })}
                </Text>
              )}
              <Box maxH="48" overflowY="auto">
                <OrderedColumns
                  columns={point.columns}
                  onMove={onMove}
                  upLabel={t('uploads.step2.grid.up')}
                  downLabel={t('uploads.step2.grid.down')}
                />
              </Box>
            </Box>
            <SimpleGrid columns={2} gap="3">
              <SettingInput
                type="number"
                label={t('uploads.step2.grid.scaleMin')}
                value={point.scaleMin == null ? '' : String(point.scaleMin)}
                onChange={(v) => onChange({ scaleMin: numberOrNull(v) })}
              />
              <SettingInput
                type="number"
                label={t('uploads.step2.grid.scaleMax')}
                value={point.scaleMax == null ? '' : String(point.scaleMax)}
                onChange={(v) => onChange({ scaleMax: numberOrNull(v) })}
              />
            </SimpleGrid>
            <SettingCheckbox checked={point.isRandomised === true} onChange={(on) => onChange({ isRandomised: on })}>
              {t('uploads.step2.grid.randomised')}
            </SettingCheckbox>
          </Stack>
        )}
        {point.dataPointType === 'OPEN_ENDED' && <OpenEndedSettings point={point} onChange={onChange} />}
        {point.dataPointType === 'PROJECTIVE' && (
          <ProjectiveSettings point={point} onChange={onChange} onMove={onMove} />
        )}
        {isBehaviourType(point.dataPointType) && (
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="1">
              {t('uploads.step2.behaviour.question')}
            </Text>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={point.openEndedColumn ?? ''}
                data-testid={`behaviour-question-${point.columns[0]}`}
                aria-label={t('uploads.step2.behaviour.question')}
                onChange={(e) => onChange({ openEndedColumn: e.currentTarget.value })}
              >
                <option value="">{t('uploads.step2.behaviour.choose')}</option>
                {openQuestions.map((q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text fontSize="xs" color="fg.muted" mt="1">
              {t(`uploads.step2.behaviour.hints.${point.dataPointType}`)}
            </Text>
          </Box>
        )}
        {point.dataPointType === 'GROUPING' && (
          <SettingInput
            label={t('uploads.step2.grouping.title')}
            value={point.questionTitle ?? ''}
            onChange={(v) => onChange({ questionTitle: v })}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
