import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  alignItems: 'end',
});

export const rows = style({ listStyle: 'none', margin: `${vars.space.md} 0 0`, padding: 0 });

export const row = style({
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid color-mix(in srgb, ${vars.color.border} 30%, transparent)`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const rowHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const key = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, color: vars.color.fgMuted, overflowWrap: 'anywhere' });

export const rowBody = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md, flexWrap: 'wrap' });

export const value = style({ margin: 0, flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });

export const shipped = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted, overflowWrap: 'anywhere' });

export const shippedLabel = style({ fontWeight: 600 });

export const editor = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
