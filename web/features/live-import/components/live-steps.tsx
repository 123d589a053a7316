import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useT } from '../../../lib/i18n';

/** The three steps of a live import (name and tool, pages, integration), the current one highlighted. */
export function LiveSteps({ current }: { current: 1 | 2 | 3 }) {
  const t = useT();
  const steps = [t('live.steps.step1'), t('live.steps.step2'), t('live.steps.step3')];
  return (
    <Flex as="ol" aria-label={t('live.steps.aria')} align="center" gap="3" mb="6" data-testid="live-steps">
      {steps.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'next';
        return (
          <Fragment key={label}>
            <HStack as="li" gap="2" aria-current={state === 'current' ? 'step' : undefined}>
              <Flex boxSize="7" borderRadius="full" align="center" justify="center" fontSize="sm" fontWeight="semibold"
                bg={state === 'next' ? 'bg.muted' : 'brand.solid'} color={state === 'next' ? 'fg.muted' : 'white'}>
                {state === 'done' ? '✓' : n}
              </Flex>
              <Text fontWeight={state === 'current' ? 'semibold' : 'normal'} color={state === 'next' ? 'fg.muted' : 'fg'}>{label}</Text>
            </HStack>
            {n < steps.length && <Box aria-hidden flex="1" maxW="16" h="0.5" bg={n < current ? 'brand.solid' : 'border'} />}
          </Fragment>
        );
      })}
    </Flex>
  );
}
