import { Box } from '@chakra-ui/react';
import { SCORE_BAND_COLORS } from '../../../components/charts/chart-theme';
import type { DashboardTrafficLight } from '../../../lib/gql/graphql';
import { useT } from '../../../lib/i18n';

/** The colour of a traffic light (green 80-100, light green 60-79, yellow 40-59, red 0-39; grey: no score). */
export const LIGHT_COLORS: Record<DashboardTrafficLight, string> = {
  GREEN: SCORE_BAND_COLORS.green,
  LIGHT_GREEN: SCORE_BAND_COLORS.lightGreen,
  YELLOW: SCORE_BAND_COLORS.yellow,
  RED: SCORE_BAND_COLORS.red,
  GREY: SCORE_BAND_COLORS.grey,
};

/** The four benchmark bands' colours, lowest first. */
export const BAND_COLORS = [
  SCORE_BAND_COLORS.red,
  SCORE_BAND_COLORS.yellow,
  SCORE_BAND_COLORS.lightGreen,
  SCORE_BAND_COLORS.green,
] as const;

/** A traffic-light dot, named for screen readers. */
export function TrafficLightDot({ light, size = '3' }: { light: DashboardTrafficLight; size?: string }) {
  const t = useT();
  return (
    <Box
      as="span"
      display="inline-block"
      flexShrink={0}
      boxSize={size}
      borderRadius="full"
      bg={LIGHT_COLORS[light]}
      role="img"
      aria-label={t(`dashboard.lights.${light}`)}
      data-light={light}
    />
  );
}
