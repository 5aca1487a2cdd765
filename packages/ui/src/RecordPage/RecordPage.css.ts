import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const page = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.lg,
    color: vars.color.fg,
    minWidth: 0,
  },
  'RecordPage',
);

/** Number, title, badges on the start side; viewers and actions on the end side. */
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const titleBlock = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
  maxWidth: '100%',
});

export const number = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 600,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: 1.2,
  overflowWrap: 'anywhere',
});

export const headEnd = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  maxWidth: '100%',
});

export const viewers = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Main column and side column on wide screens; one column below 60rem. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 60rem)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  minWidth: 0,
  '@media': { 'screen and (max-width: 40rem)': { padding: vars.space.md } },
});

export const sectionTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.lg });

/** As many 14rem columns as fit: one in the side column and on phones, more when the side column spans the page. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const field = style({ minWidth: 0 });

export const fieldLabel = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const fieldValue = style({ margin: `${vars.space.xs} 0 0`, overflowWrap: 'anywhere' });
