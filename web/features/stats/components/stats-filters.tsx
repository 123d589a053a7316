import { Button, Field, Flex, HStack, NativeSelect, Spacer, Stack } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { addMonths, monthRange, viennaMonth, type IsoMonth } from '../../../../db/domain/months';
import { formatMonth } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { StatsView } from '../state/stats-url';
import { OrganizationPicker } from './organization-picker';

/** Months offered in the period selects: five years back from this month, and whatever the URL chose. */
const OFFERED_MONTHS = 60;

function presets(now: IsoMonth): { key: string; from: IsoMonth; to: IsoMonth }[] {
  const year = now.slice(0, 4);
  return [
    { key: 'last3', from: addMonths(now, -2), to: now },
    { key: 'last12', from: addMonths(now, -11), to: now },
    { key: 'thisYear', from: `${year}-01`, to: now },
    { key: 'lastYear', from: `${Number(year) - 1}-01`, to: `${Number(year) - 1}-12` },
  ];
}

function MonthSelect({
  label,
  value,
  months,
  onChange,
  testId,
}: {
  label: string;
  value: IsoMonth;
  months: IsoMonth[];
  onChange: (m: IsoMonth) => void;
  testId: string;
}) {
  const locale = useLocale();
  return (
    <Field.Root w="48">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {months.map((m) => (
            <option key={m} value={m}>
              {formatMonth(m, locale)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Period (two Vienna months, or a preset) and organisation of the stats pages. A period that would
 * run backwards moves the other end along; every change starts at the first page.
 */
export function StatsFilters({
  view,
  onChange,
  actions,
}: {
  view: StatsView;
  onChange: (change: Partial<StatsView>) => void;
  actions?: ReactNode;
}) {
  const t = useT();
  const now = viennaMonth();
  const months = useMemo(() => {
    const first = [addMonths(now, -(OFFERED_MONTHS - 1)), view.from].sort()[0]!;
    return monthRange(first, now).reverse();
  }, [now, view.from]);
  return (
    <Stack gap="2" data-testid="stats-filters">
      <Flex wrap="wrap" align="flex-start" gap="4">
        <MonthSelect
          label={t('stats.filters.from')}
          value={view.from}
          months={months}
          testId="stats-from"
          onChange={(from) => onChange({ from, to: from > view.to ? from : view.to, page: 1 })}
        />
        <MonthSelect
          label={t('stats.filters.to')}
          value={view.to}
          months={months}
          testId="stats-to"
          onChange={(to) => onChange({ to, from: to < view.from ? to : view.from, page: 1 })}
        />
        <OrganizationPicker
          value={view.organization}
          onChange={(organization) => onChange({ organization, page: 1 })}
        />
        <Spacer />
        {actions}
      </Flex>
      <HStack gap="1" ml="-2">
        {presets(now).map((p) => (
          <Button
            key={p.key}
            size="xs"
            variant={view.from === p.from && view.to === p.to ? 'subtle' : 'ghost'}
            colorPalette="brand"
            data-testid={`stats-preset-${p.key}`}
            onClick={() => onChange({ from: p.from, to: p.to, page: 1 })}
          >
            {t(`stats.filters.presets.${p.key}`)}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
