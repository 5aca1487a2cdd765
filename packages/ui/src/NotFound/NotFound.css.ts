import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.bg,
  color: vars.color.fg,
  fontFamily: vars.font.body,
});

export const card = style({ textAlign: 'center', maxWidth: '32rem' });

export const code = style({
  margin: 0,
  fontSize: 'clamp(5rem, 22vw, 9rem)',
  fontWeight: 800,
  lineHeight: 1,
  letterSpacing: '-0.04em',
  color: vars.color.primary,
});

export const title = style({ margin: `${vars.space.md} 0 ${vars.space.sm}`, fontSize: vars.fontSize.xl });

export const message = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.fgMuted, fontSize: vars.fontSize.md });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryFg,
  fontWeight: 600,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { filter: 'brightness(1.08)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.bg}, 0 0 0 4px ${vars.color.focusRing}` },
  },
});
