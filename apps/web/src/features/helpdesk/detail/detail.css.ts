import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* The help-desk request page (features/helpdesk/detail); the layout is the ui RecordPage. */

/** The status, priority and overdue mark under the title. */
export const badges = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const overdue = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.fontSize.sm });

export const description = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.5 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const solution = style({
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.success}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const commentForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginBottom: vars.space.lg });

export const formEnd = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });

export const timelineText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.fgMuted, margin: 0 });
