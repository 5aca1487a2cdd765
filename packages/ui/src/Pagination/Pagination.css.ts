import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const nav = style({ display: 'flex', justifyContent: 'center' });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const ellipsis = style({ color: vars.color.fgMuted, padding: `0 ${vars.space.xs}` });

export const loadMore = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
});

export const count = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });
