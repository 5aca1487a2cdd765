import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The viewfinder: the camera's picture, as wide as the dialog, never taller than the screen allows. */
export const video = style({
  display: 'block',
  width: '100%',
  maxHeight: '60dvh',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  background: '#000',
  borderRadius: vars.radius.md,
  // `hidden` (a refused camera) must win over the display above.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const message = style({
  margin: `${vars.space.sm} 0 0`,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
});
