import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
  alignItems: 'start',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const details = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const detailRow = style({ display: 'flex', flexDirection: 'column', gap: 2 });

export const detailValue = style({ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' });
