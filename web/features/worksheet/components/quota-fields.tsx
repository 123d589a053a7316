import { Box, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { Composition } from '../engine/index.ts';
import type { WorksheetValues } from '../settings/form-model';

/**
 * Quota setting: the characteristic column, its display name, a target per option,
 * and whether the report shows it. Options are the column's values as the engine numbered them.
 */
export function QuotaFields({
  columns,
  groupings,
  composition,
}: {
  columns: readonly string[];
  groupings: readonly { name: string; labels: string[]; values: string[] }[];
  composition: Composition | null;
}) {
  const t = useT();
  const locale = useLocale();
  const { values, setFieldValue, errors } = useFormikContext<WorksheetValues>();
  const quota = values.quota;
  const grouping = groupings.find((g) => g.name === quota.column);
  const choose = (column: string) => {
    const g = groupings.find((x) => x.name === column);
    const previous = new Map(quota.options.map((o) => [o.value, o]));
    void setFieldValue('quota', {
      ...quota,
      column,
      options: g
        ? g.values.map((value, c) => ({
            value,
            label: previous.get(value)?.label ?? g.labels[c]!,
            target: previous.get(value)?.target ?? '',
          }))
        : [],
    });
  };
  const setOption = (i: number, patch: Partial<WorksheetValues['quota']['options'][number]>) =>
    void setFieldValue(
      'quota.options',
      quota.options.map((o, k) => (k === i ? { ...o, ...patch } : o)),
    );
  if (columns.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('worksheet.quota.noColumns')}
      </Text>
    );
  return (
    <Stack gap="2">
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={quota.column}
          onChange={(e) => choose(e.currentTarget.value)}
          data-testid="quota-column"
          aria-label={t('worksheet.quota.column')}
        >
          <option value="">{t('worksheet.quota.none')}</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {quota.column ? (
        <>
          <Input
            size="sm"
            value={quota.rename}
            placeholder={t('worksheet.quota.rename')}
            aria-label={t('worksheet.quota.rename')}
            onChange={(e) => void setFieldValue('quota.rename', e.currentTarget.value)}
          />
          <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontSize: '0.875rem' }}>
            <input
              type="checkbox"
              checked={quota.show}
              onChange={(e) => void setFieldValue('quota.show', e.currentTarget.checked)}
            />
            {t('worksheet.quota.show')}
          </label>
          <Table.Root size="sm" data-testid="quota-options">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('worksheet.quota.option')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('worksheet.quota.before')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('worksheet.quota.after')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('worksheet.quota.target')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {quota.options.map((o, i) => {
                const cell = grouping ? grouping.values.indexOf(o.value) : -1;
                const before =
                  composition?.grouping === quota.column && cell >= 0 ? composition.before[cell] : undefined;
                const after = composition?.grouping === quota.column && cell >= 0 ? composition.after[cell] : undefined;
                const short = o.target !== '' && after !== undefined && after < o.target;
                return (
                  <Table.Row key={o.value}>
                    <Table.Cell>
                      <Input
                        size="xs"
                        value={o.label}
                        aria-label={t('worksheet.quota.label', { value: o.value })}
                        onChange={(e) => setOption(i, { label: e.currentTarget.value })}
                      />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{before === undefined ? '–' : formatNumber(before, locale)}</Table.Cell>
                    <Table.Cell textAlign="end" color={short ? 'fg.error' : undefined}>
                      {after === undefined ? '–' : formatNumber(after, locale)}
                    </Table.Cell>
                    <Table.Cell>
                      <Box w="6rem">
                        <Input
                          size="xs"
                          type="number"
                          min={0}
                          value={o.target}
                          aria-label={t('worksheet.quota.targetFor', { value: o.label })}
                          data-testid={`quota-target-${o.value}`}
                          onChange={(e) =>
                            setOption(i, { target: e.currentTarget.value === '' ? '' : e.currentTarget.valueAsNumber })
                          }
                        />
                      </Box>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </>
      ) : null}
      {typeof errors.quota === 'string' ? (
        <Text color="fg.error" fontSize="sm" data-testid="error-quota">
          {t(errors.quota)}
        </Text>
      ) : null}
    </Stack>
  );
}
