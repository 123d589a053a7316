import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { system } from '../../../web/app/theme';
import { themeConfig } from '../../../web/app/theme-config';

// The app builds its Chakra system without copying the presets' recipes (web/app/theme.ts); it must be
// the system Chakra's documented way builds: every recipe there, the same tokens, the same styles.
describe('the app theme', () => {
  const reference = createSystem(defaultConfig, defineConfig(themeConfig));

  it("has every recipe and slot recipe of Chakra's presets", () => {
    const recipes = Object.keys(defaultThemeConfig.theme?.recipes ?? {});
    const slotRecipes = Object.keys(defaultThemeConfig.theme?.slotRecipes ?? {});
    expect(recipes.length).toBeGreaterThan(10);
    expect(slotRecipes.length).toBeGreaterThan(30);
    for (const key of recipes) {
      expect(system.isRecipe(key), key).toBe(true);
      expect(system.getRecipe(key)).toEqual(reference.getRecipe(key));
    }
    for (const key of slotRecipes) {
      expect(system.isSlotRecipe(key), key).toBe(true);
      expect(system.getSlotRecipe(key)).toEqual(reference.getSlotRecipe(key));
    }
  });

  it('resolves the same tokens and styles, the brand colours included', () => {
    expect([...system.tokens.cssVarMap.entries()].map(([k, v]) => [k, [...v]])).toEqual(
      [...reference.tokens.cssVarMap.entries()].map(([k, v]) => [k, [...v]]),
    );
    expect(system.token('colors.brand.600')).toBe('#1d52ed');
    const styles = { bg: 'sidebar.bg', color: 'brand.fg', px: '3', _hover: { bg: 'brand.muted' }, textStyle: 'sm' };
    expect(system.css(styles)).toEqual(reference.css(styles));
    expect(system.getRecipeFn('button')({ variant: 'ghost', size: 'sm' })).toEqual(
      reference.getRecipeFn('button')({ variant: 'ghost', size: 'sm' }),
    );
  });
});
