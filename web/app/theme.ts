import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { themeConfig } from './theme-config';

/**
 * Chakra's `defaultConfig` is its two presets merged (a deep copy and merge of every token and recipe at
 * module load), and createSystem() copies and merges its arguments again. The app's system is built
 * from the two presets and the theme in one merge, and without copying Chakra's ~90 recipes at all: the
 * system reads a recipe from its theme only when a component first asks for it, so the presets' recipe
 * objects (never modified) are handed over as they are. The same system either way
 * (tests/web/app/theme.test.ts); web/vite.config.ts builds the global CSS from the same configs.
 */
function buildSystem() {
  const { recipes, slotRecipes, ...presetTheme } = defaultThemeConfig.theme ?? {};
  // A theme with recipes of its own needs Chakra's deep merge of them.
  if (themeConfig.theme?.recipes || themeConfig.theme?.slotRecipes)
    return createSystem(defaultBaseConfig, defaultThemeConfig, defineConfig(themeConfig));
  const built = createSystem(
    defaultBaseConfig,
    { ...defaultThemeConfig, theme: presetTheme },
    defineConfig(themeConfig),
  );
  Object.assign(built._config.theme ?? {}, { recipes, slotRecipes });
  return built;
}

export const system = buildSystem();
