import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const root = style({ color: vars.color.fg, minWidth: 0 }, 'ReferenceDataTable');

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  margin: `${vars.space.md} 0`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const empty = style({ margin: 0, padding: `${vars.space.md} 0`, color: vars.color.fgMuted });
