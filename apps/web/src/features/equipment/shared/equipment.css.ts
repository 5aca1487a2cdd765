import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const tableCard = style({ padding: vars.space.md });
export const filterBar = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  marginBottom: vars.space.md,
});
export const numberLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const formGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
});
export const lineRow = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns:
    'minmax(220px, 3fr) minmax(110px, 1fr) minmax(120px, 1fr) minmax(140px, 1fr) auto',
  alignItems: 'end',
  '@media': { '(max-width: 720px)': { gridTemplateColumns: '1fr 1fr' } },
});
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const total = style({ fontWeight: 600, fontSize: vars.fontSize.lg, margin: 0 });
export const muted = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const check = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
});
export const checkbox = style({ width: 18, height: 18, accentColor: vars.color.primary });
export const budgetWarning = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  color: vars.color.fg,
  background: `color-mix(in srgb, ${vars.color.danger} 10%, ${vars.color.surface})`,
  fontSize: vars.fontSize.sm,
});
export const budgetOk = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.success}`,
  color: vars.color.fg,
  background: `color-mix(in srgb, ${vars.color.success} 10%, ${vars.color.surface})`,
  fontSize: vars.fontSize.sm,
});
export const timelineText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const commentForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const formEnd = style({ display: 'flex', justifyContent: 'flex-end' });
export const justification = style({ whiteSpace: 'pre-wrap', margin: 0, overflowWrap: 'anywhere' });
export const lineBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const processBar = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
