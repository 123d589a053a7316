import { Badge, Box, Button, CloseButton, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useGetStatsOrganizations } from '../api/use-get-stats-organizations';

export type PickedOrganization = { id: string; name: string };

/** Waits until typing pauses before asking the server. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The stats' organisation filter: the chosen organisation as a tag that clears back to all, or a
 * search field whose matches (by name, on the server: there are thousands) open below it.
 */
export function OrganizationPicker({
  value,
  onChange,
}: {
  value: PickedOrganization | null;
  onChange: (org: PickedOrganization | null) => void;
}) {
  const t = useT();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebounced(search.trim());
  const { data, isLoading, isValidating } = useGetStatsOrganizations(debounced, open && !value);
  // The previous answer stays while the next search runs: mark it stale rather than let it be picked as current.
  const stale = isValidating || debounced !== search.trim();
  const matches = data?.getCompanies.companies ?? [];

  const choose = (org: PickedOrganization) => {
    onChange(org);
    setSearch('');
    setOpen(false);
  };

  return (
    <Field.Root w="72">
      <Field.Label>{t('stats.filters.organization')}</Field.Label>
      {value ? (
        <HStack h="10" data-testid="stats-organization-picked">
          <Badge size="lg" colorPalette="brand" variant="subtle" maxW="60" px="3" py="1.5" title={value.name}>
            <Text truncate>{value.name || value.id}</Text>
          </Badge>
          <CloseButton
            size="xs"
            aria-label={t('stats.filters.clearOrganization')}
            onClick={() => onChange(null)}
            data-testid="stats-organization-clear"
          />
        </HStack>
      ) : (
        <Box position="relative" w="full">
          <Input
            value={search}
            placeholder={t('stats.filters.searchOrganization')}
            data-testid="stats-organization-search"
            autoComplete="off"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            onFocus={() => setOpen(true)}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setOpen(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
              if (e.key === 'Enter' && !stale && matches[0]) choose(matches[0]);
            }}
            // Late enough for a click on a match to land first.
            onBlur={() => setTimeout(() => setOpen(false), 150)}
          />
          {open && (
            <Stack
              id={listId}
              role="listbox"
              position="absolute"
              zIndex="dropdown"
              top="calc(100% + 4px)"
              left="0"
              right="0"
              bg="bg"
              borderWidth="1px"
              borderRadius="md"
              boxShadow="md"
              p="1"
              gap="0"
              aria-busy={stale}
              opacity={stale ? 0.6 : 1}
              data-testid="stats-organization-options"
            >
              <Button
                variant="ghost"
                size="sm"
                justifyContent="flex-start"
                fontWeight="normal"
                color="fg.muted"
                role="option"
                aria-selected
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setOpen(false);
                  setSearch('');
                }}
              >
                {t('stats.filters.allOrganizations')}
              </Button>
              {isLoading && !data ? (
                <HStack p="2">
                  <Spinner size="xs" />
                </HStack>
              ) : matches.length === 0 ? (
                <Text p="2" fontSize="sm" color="fg.muted">
                  {t('stats.filters.noOrganization')}
                </Text>
              ) : (
                matches.map((org) => (
                  <Button
                    key={org.id}
                    variant="ghost"
                    size="sm"
                    justifyContent="flex-start"
                    fontWeight="normal"
                    role="option"
                    aria-selected={false}
                    data-testid="stats-organization-option"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose({ id: org.id, name: org.name })}
                  >
                    <Text truncate>{org.name}</Text>
                  </Button>
                ))
              )}
            </Stack>
          )}
        </Box>
      )}
    </Field.Root>
  );
}
