import type { SystemConfig } from '@chakra-ui/react';

/**
 * The app's theme on top of Chakra's defaults. Plain data with no runtime import: web/vite.config.ts
 * reads it too, to build Chakra's global CSS (reset, global styles, token variables) at build time.
 */
export const themeConfig: SystemConfig = {
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
    // Below 1280 px a long column title takes two lines instead of widening its column past the page.
    'table th': { '@media (max-width: 1279px)': { whiteSpace: 'normal' } },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
      colors: {
        brand: {
          50: { value: '#eef5ff' },
          100: { value: '#d9e8ff' },
          200: { value: '#bcd6ff' },
          300: { value: '#8ebcff' },
          400: { value: '#5996fd' },
          500: { value: '#3370f8' },
          600: { value: '#1d52ed' },
          700: { value: '#1a40c9' },
          800: { value: '#1c37a3' },
          900: { value: '#1c3381' },
          950: { value: '#16214e' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        sidebar: {
          bg: { value: '#0f1b3d' },
          fg: { value: '#c7d2fe' },
          active: { value: '#1d52ed' },
          hover: { value: 'rgba(255,255,255,0.08)' },
        },
      },
    },
  },
};
