import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';

/** The numbered steps of a wizard (upload, live import), the current one highlighted, the done ones ticked. */
export function StepIndicator({
  steps,
  current,
  ariaLabel,
  testId,
}: {
  steps: readonly string[];
  current: number;
  ariaLabel: string;
  testId: string;
}) {
  return (
    <Flex as="ol" aria-label={ariaLabel} align="center" gap="3" mb="6" data-testid={testId}>
      {steps.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'next';
        return (
          <Fragment key={label}>
            <HStack as="li" gap="2" aria-current={state === 'current' ? 'step' : undefined}>
              <Flex
                boxSize="7"
                borderRadius="full"
                align="center"
                justify="center"
                fontSize="sm"
                fontWeight="semibold"
                bg={state === 'next' ? 'bg.muted' : 'brand.solid'}
                color={state === 'next' ? 'fg.muted' : 'white'}
              >
                {state === 'done' ? '✓' : n}
              </Flex>
              <Text
                fontWeight={state === 'current' ? 'semibold' : 'normal'}
                color={state === 'next' ? 'fg.muted' : 'fg'}
              >
                {label}
              </Text>
            </HStack>
            {n < steps.length && (
              <Box aria-hidden flex="1" maxW="16" h="0.5" bg={n < current ? 'brand.solid' : 'border'} />
            )}
          </Fragment>
        );
      })}
    </Flex>
  );
}
