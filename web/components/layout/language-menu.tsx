import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { changeLocale, LOCALES, type Locale, useLocale, useT } from '../../lib/i18n';
import { ChevronDownIcon, GlobeIcon } from '../icons/icons';

/**
 * The language dropdown (de, en). The choice is kept in local storage as `locale`; `onChanged`
 * lets the logged-in shell store it server-side too.
 */
export function LanguageMenu({
  onChanged,
  variant = 'ghost',
}: {
  onChanged?: (locale: Locale) => void;
  variant?: 'ghost' | 'outline';
}) {
  const t = useT();
  const locale = useLocale();
  // The language that did not arrive (offline, or a new version deployed meanwhile): said under the menu.
  const [failed, setFailed] = useState<Locale | null>(null);
  return (
    <Box position="relative" display="inline-flex">
      {/* lazyMount: the list renders when opened, not with the page (its first paint). */}
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        lazyMount
        unmountOnExit
        onSelect={({ value }) => {
          const next = value as Locale;
          setFailed(null);
          if (next === locale) return;
          changeLocale(next).then(
            () => onChanged?.(next),
            // The other language's messages did not arrive: the page stays in this one, and a second choice tries again.
            (error: unknown) => {
              console.error('the language did not load', error);
              setFailed(next);
            },
          );
        }}
      >
        <Menu.Trigger asChild>
          <Button variant={variant} size="sm" aria-label={t('shell.language')} data-testid="language-menu" gap="1.5">
            <GlobeIcon />
            {locale.toUpperCase()}
            <ChevronDownIcon />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="40">
              {LOCALES.map((option) => (
                <Menu.Item
                  key={option}
                  value={option}
                  data-testid={`language-${option}`}
                  fontWeight={option === locale ? 'semibold' : 'normal'}
                >
                  {t(`shell.languages.${option}`)}
                  <Menu.ItemCommand>{option.toUpperCase()}</Menu.ItemCommand>
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {failed && (
        <Box
          role="alert"
          data-testid="language-load-failed"
          position="absolute"
          top="100%"
          right="0"
          mt="1"
          zIndex="dropdown"
          px="2"
          py="1"
          borderRadius="sm"
          bg="red.50"
          color="red.700"
          fontSize="xs"
          whiteSpace="nowrap"
        >
          {t('shell.languageLoadFailed', { language: t(`shell.languages.${failed}`) })}
        </Box>
      )}
    </Box>
  );
}
