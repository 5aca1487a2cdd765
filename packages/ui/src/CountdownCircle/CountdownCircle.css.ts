import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
  lineHeight: 1,
});

export const ring = style({ position: 'relative', width: 36, height: 36, flexShrink: 0 });

export const svg = style({ width: 36, height: 36, transform: 'rotate(-90deg)' });

export const track = style({ stroke: vars.color.border, opacity: 0.35 });

export const bar = styleVariants({
  neutral: { stroke: vars.color.primary, transition: 'stroke-dashoffset 0.9s linear' },
  warning: { stroke: vars.color.warning, transition: 'stroke-dashoffset 0.9s linear' },
  danger: { stroke: vars.color.danger, transition: 'stroke-dashoffset 0.9s linear' },
});

export const text = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontSize: '0.7rem',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});

/** The number over its unit (the `unit` prop). */
export const stack = style({ display: 'grid', justifyItems: 'center', gap: 1, lineHeight: 1 });

/** The unit under the number: small enough for "saat" or "мин" to stay inside the ring. */
export const unit = style({ fontSize: '0.5rem', fontWeight: 500, maxWidth: 28, overflow: 'hidden', whiteSpace: 'nowrap' });

export const info = style({ color: vars.color.fgMuted });
