import { ChakraProvider } from '@chakra-ui/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { appStore } from '../lib/session';
import { system } from './theme';

/**
 * A production build links Chakra's global CSS from index.html (built with the same theme, see
 * web/vite.config.ts), so ChakraProvider gets nothing to insert: the same system without its global
 * styles, and without the layer-order rule, which the linked CSS starts with. Dev and tests insert it.
 */
const prebuiltGlobalCss =
  typeof document !== 'undefined' && document.querySelector('link[data-chakra-global-css]') !== null;
const providerSystem: typeof system = prebuiltGlobalCss
  ? Object.create(system, { _global: { value: [] }, _config: { value: { ...system._config, disableLayers: true } } })
  : system;

/**
 * Every provider the app needs. Each mount gets its own SWR cache, so tests and a new login never
 * see another user's data.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <SWRConfig value={{ provider: () => new Map(), revalidateOnFocus: false, shouldRetryOnError: false }}>
        <ChakraProvider value={providerSystem}>{children}</ChakraProvider>
      </SWRConfig>
    </JotaiProvider>
  );
}
