import { Box } from '@chakra-ui/react';
import type { CSSProperties, ReactNode } from 'react';
import { cachedFormatter, intlLocale } from '../../../lib/format';
import type { Locale } from '../../../lib/i18n';

/**
 * Shared pieces of the guide diagrams. They are SVG drawn in a fixed coordinate system (viewBox) and
 * scaled to the column, so they stay sharp on screen and in print; every word in them comes from the
 * locales. Multi-line labels use foreignObject so German and English wrap inside their boxes.
 */

/** Colours that keep their meaning in print: the score traffic light and the column types. */
export const PALETTE = {
  red: { fill: '#fde2e1', stroke: '#d9363e', text: '#9b1c22' },
  yellow: { fill: '#fff3c4', stroke: '#e0a800', text: '#7a5a00' },
  lightGreen: { fill: '#e3f5dc', stroke: '#74c365', text: '#2f6b22' },
  green: { fill: '#c9ecd1', stroke: '#2f9e44', text: '#1d5e2b' },
  brand: { fill: '#e6eeff', stroke: '#1d52ed', text: '#1a40c9' },
  grey: { fill: '#f1f3f6', stroke: '#a0aec0', text: '#4a5568' },
  ink: '#1a202c',
  muted: '#5a6578',
  line: '#cbd5e0',
} as const;

export type Tone = { fill: string; stroke: string; text: string };

/** The SVG of a figure: scales to the width of the text column, never wider than drawn. */
export function FigureSvg({
  width,
  height,
  label,
  children,
  testId,
}: {
  width: number;
  height: number;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box asChild w="full" maxW={`${width}px`} h="auto" display="block" mx="auto">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        data-testid={testId}
        fontFamily="inherit"
        style={{ printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' } as CSSProperties}
      >
        {children}
      </svg>
    </Box>
  );
}

type TextBoxProps = {
  x: number;
  y: number;
  width: number;
  height: number;
  children: ReactNode;
  align?: 'left' | 'center';
  valign?: 'top' | 'center' | 'bottom';
  size?: number;
  color?: string;
  weight?: number;
};

/** Wrapping text inside a rectangle of the drawing (foreignObject): localised text fits in any language. */
export function TextBox({
  x,
  y,
  width,
  height,
  children,
  align = 'center',
  valign = 'center',
  size = 13,
  color = PALETTE.ink,
  weight = 400,
}: TextBoxProps) {
  return (
    <foreignObject x={x} y={y} width={width} height={height}>
      <div
        style={{
          width: '100%',
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: valign === 'center' ? 'center' : valign === 'bottom' ? 'flex-end' : 'flex-start',
          alignItems: align === 'center' ? 'center' : 'flex-start',
          textAlign: align,
          fontSize: `${size}px`,
          lineHeight: 1.25,
          color,
          fontWeight: weight,
          overflowWrap: 'anywhere',
          hyphens: 'auto',
        }}
      >
        {children}
      </div>
    </foreignObject>
  );
}

/** An arrow head marker; reference it with markerEnd={`url(#${id})`}. */
export function ArrowMarker({ id, color = PALETTE.muted }: { id: string; color?: string }) {
  return (
    <defs>
      <marker
        id={id}
        viewBox="0 0 10 10"
        refX="9"
        refY="5"
        markerWidth="7"
        markerHeight="7"
        orient="auto-start-reverse"
      >
        <path d="M0 0 L10 5 L0 10 z" fill={color} />
      </marker>
    </defs>
  );
}

/** A share such as 0.5 as "50 %" (de) or "50%" (en). */
export function formatShare(share: number, locale: Locale): string {
  return cachedFormatter(
    `guides-share:${locale}`,
    () => new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 0 }),
  ).format(share);
}
