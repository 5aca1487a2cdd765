import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/** Title row: heading and description on the start side, the main action on the end side. */
export const header = style({ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });

/** Two columns of fields on wide screens, one on narrow ones. */
export const formGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
});

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });

/** A user's name cell: avatar and the link to the details. */
export const nameCell = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const nameLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

/** The details list of the user page. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const detailValue = style({ margin: `${vars.space.xs} 0 0`, overflowWrap: 'anywhere' });

export const profileHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap', marginBottom: vars.space.lg });

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const reason = style({
  margin: `${vars.space.md} 0 0`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 10%, ${vars.color.surface})`,
  borderRadius: vars.radius.md,
});

export const changes = style({ margin: 0, paddingInlineStart: vars.space.md, display: 'grid', gap: vars.space.xs });

export const detailActions = style([actions, { marginTop: vars.space.lg }]);

/** The list's card: less padding on phones, so the table keeps the width. */
export const tableCard = style({ '@media': { 'screen and (max-width: 600px)': { padding: vars.space.sm } } });
