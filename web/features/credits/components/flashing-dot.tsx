import { Box } from '@chakra-ui/react';

/** The flashing green dot marking the plan the next charge draws from. */
export function FlashingDot({ title }: { title: string }) {
  return (
    <Box
      as="span"
      display="inline-block"
      w="2.5"
      h="2.5"
      borderRadius="full"
      bg="green.500"
      title={title}
      data-testid="next-available-dot"
      css={{
        animation: 'qcPulse 1.2s ease-in-out infinite',
        '@keyframes qcPulse': { '0%,100%': { opacity: 1 }, '50%': { opacity: 0.2 } },
      }}
    />
  );
}
