import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A single-value ring gauge drawn in SVG. uPlot draws series on axes; a percentage gauge is one
 * arc, so a 30-line SVG is smaller and needs no canvas sizing or resize observers.
 */
export function RadialChart({
  percent,
  size = 120,
  thickness = 12,
  color,
  label,
  testId,
}: {
  percent: number | null;
  size?: number;
  thickness?: number;
  color?: string;
  label?: ReactNode;
  testId?: string;
}) {
  const value = percent === null ? 0 : Math.max(0, Math.min(100, percent));
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const stroke =
    color ??
    (value <= 10
      ? 'var(--chakra-colors-red-500)'
      : value <= 50
        ? 'var(--chakra-colors-orange-400)'
        : 'var(--chakra-colors-green-500)');
  return (
    <Box
      position="relative"
      w={`${size}px`}
      h={`${size}px`}
      flexShrink={0}
      data-testid={testId}
      data-percent={Math.round(value)}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={`${Math.round(value)} %`}>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--chakra-colors-gray-200)"
          strokeWidth={thickness}
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={stroke}
          strokeWidth={thickness}
          strokeLinecap="round"
          strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <Box
        position="absolute"
        inset="0"
        display="flex"
        alignItems="center"
        justifyContent="center"
        flexDirection="column"
      >
        {label ?? (
          <Text fontWeight="bold" fontSize={size >= 100 ? 'xl' : 'sm'}>
            {percent === null ? '-' : `${Math.round(value)} %`}
          </Text>
        )}
      </Box>
    </Box>
  );
}
