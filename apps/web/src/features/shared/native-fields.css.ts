import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* A native field under its label (native-fields.tsx): the label's text above, the control filling at most its row. */

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm, minWidth: 0, maxWidth: '100%' });

export const input = style({
  minHeight: '2.5rem',
  maxWidth: '100%',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
});
