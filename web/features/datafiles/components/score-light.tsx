import { Box, HStack, Text } from '@chakra-ui/react';
import { roundScore, trafficLight, type TrafficLight } from '../../../../scoring/bands';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

const COLOUR: Record<TrafficLight, string> = {
  green: 'green.600',
  'light green': 'green.300',
  yellow: 'yellow.400',
  red: 'red.500',
  grey: 'gray.300',
};

/** The average combined score with its traffic light (green 80-100, light green 60-79, yellow 40-59, red 0-39). */
export function ScoreLight({ score }: { score: number | null }) {
  const t = useT();
  const locale = useLocale();
  const light = trafficLight(score ?? Number.NaN);
  const rounded = score === null ? null : roundScore(score);
  return (
    <HStack
      gap="2"
      justify="flex-end"
      data-testid="score-light"
      data-light={light}
      title={t(`datafiles.bands.${light}`)}
    >
      <Text as="span" fontVariantNumeric="tabular-nums">
        {rounded === null ? t('datafiles.noValue') : formatNumber(rounded, locale)}
      </Text>
      <Box
        w="3"
        h="3"
        borderRadius="full"
        bg={COLOUR[light]}
        aria-label={t(`datafiles.bands.${light}`)}
        role="img"
        flexShrink={0}
      />
    </HStack>
  );
}
