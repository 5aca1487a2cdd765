import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The fixed "+994" before the masked input. */
export const prefix = style({
  display: 'flex',
  alignItems: 'center',
  paddingInline: vars.space.sm,
  color: vars.color.fgMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const row = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.xs });

export const input = style({ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.02em' });
