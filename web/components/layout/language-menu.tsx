import { Button, Menu, Portal } from '@chakra-ui/react';
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
  return (
    // lazyMount: the list renders when opened, not with the page (its first paint).
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        const next = value as Locale;
        if (next === locale) return;
        changeLocale(next).then(
          () => onChanged?.(next),
          // The other language's messages did not arrive: the page stays in this one, and a second choice tries again.
          (error: unknown) => console.error('the language did not load', error),
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
  );
}
