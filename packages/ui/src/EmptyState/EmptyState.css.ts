import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.md}`,
  color: vars.color.fg,
});

export const iconWrap = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.full,
  background: vars.color.bg,
  color: vars.color.fgMuted,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 600 });

export const description = style({
  margin: 0,
  maxWidth: '40ch',
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const errorVariant = style({ color: vars.color.danger });
