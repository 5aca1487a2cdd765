import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* The help-desk request page (features/helpdesk/detail). */

/** Number, title, badges on the start side; who is viewing on the end side. */
export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.md });

export const titleBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const number = style({ margin: 0, color: vars.color.fgMuted, fontVariantNumeric: 'tabular-nums', fontWeight: 600 });

export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: 1.2, overflowWrap: 'anywhere' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const overdue = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.fontSize.sm });

export const viewers = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

/** Main column and side column on wide screens; one column on phones. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 60rem)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  minWidth: 0,
  '@media': { 'screen and (max-width: 40rem)': { padding: vars.space.md } },
});

export const cardTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.lg });

export const description = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.5 });

export const fields = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md, margin: 0 });

export const fieldLabel = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const fieldValue = style({ margin: `${vars.space.xs} 0 0`, overflowWrap: 'anywhere' });

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
