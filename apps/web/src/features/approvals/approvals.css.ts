import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export { tableWrap, table, th, td } from '@servicedesk/ui/SimpleTable';

export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap', marginBlockEnd: vars.space.md });

export const actions = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });

export const title = style({ fontWeight: 600, color: vars.color.fg });

export const failures = style({ margin: `0 0 ${vars.space.md}`, paddingInlineStart: vars.space.lg, color: vars.color.danger });

/**
 * A row's opened chain and decision bar (my approvals). Its cell spans the whole (scrolling)
 * table; the panel keeps to the visible width and sticks to its start, so a narrow screen reads
 * it without scrolling sideways.
 */
export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  position: 'sticky',
  insetInlineStart: 0,
  maxInlineSize: 'min(60rem, calc(100vw - 6rem))',
});
