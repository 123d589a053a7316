import { ChakraProvider } from '@chakra-ui/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { appStore } from '../lib/session';
import { system } from './theme';

/**
 * Every provider the app needs. Each mount gets its own SWR cache, so tests and a new login never
 * see another user's data.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <SWRConfig value={{ provider: () => new Map(), revalidateOnFocus: false, shouldRetryOnError: false }}>
        <ChakraProvider value={system}>{children}</ChakraProvider>
      </SWRConfig>
    </JotaiProvider>
  );
}
