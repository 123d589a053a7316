import { Box } from '@chakra-ui/react';

/**
 * A thin horizontal bar filled to `percent` (progress of a job, a folder's share of the storage).
 * Plain boxes rather than Chakra's Progress: its recipe and component share a module that the
 * build splits into chunks whose load order then breaks the theme at start-up.
 */
export function Bar({ percent, height = '1.5' }: { percent: number; height?: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <Box
      flex="1"
      minW="16"
      h={height}
      bg="bg.emphasized"
      borderRadius="full"
      overflow="hidden"
      role="progressbar"
      aria-valuenow={Math.round(value)}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <Box h="full" w={`${value}%`} bg="brand.solid" borderRadius="full" />
    </Box>
  );
}
