import { HStack, Table, Text } from '@chakra-ui/react';

export type SortState<F extends string> = { by: F; dir: 'ASC' | 'DESC' } | null;

/**
 * A column header that sorts its table: a click sorts by this column, a second click reverses it.
 * Without a field it is a plain header. `aria-sort` tells assistive technology the state.
 */
export function SortHeader<F extends string>({
  label,
  field,
  sort,
  onSort,
  textAlign,
  testIdPrefix = 'sort',
  hideBelow,
}: {
  label: string;
  field?: F;
  sort: SortState<F>;
  onSort: (field: F) => void;
  textAlign?: 'start' | 'end';
  testIdPrefix?: string;
  /** Leaves the column out on narrower windows (its cells need the same). */
  hideBelow?: 'lg' | 'xl';
}) {
  if (!field)
    return (
      <Table.ColumnHeader textAlign={textAlign} hideBelow={hideBelow}>
        {label}
      </Table.ColumnHeader>
    );
  const active = sort?.by === field;
  return (
    <Table.ColumnHeader
      cursor="pointer"
      userSelect="none"
      onClick={() => onSort(field)}
      data-testid={`${testIdPrefix}-${field}`}
      textAlign={textAlign}
      hideBelow={hideBelow}
      aria-sort={active ? (sort?.dir === 'ASC' ? 'ascending' : 'descending') : 'none'}
    >
      <HStack gap="1" justify={textAlign === 'end' ? 'flex-end' : 'flex-start'}>
        {label}
        <Text as="span" color={active ? 'fg' : 'fg.subtle'}>
          {active ? (sort?.dir === 'ASC' ? '▲' : '▼') : '↕'}
        </Text>
      </HStack>
    </Table.ColumnHeader>
  );
}
