import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const header = style({ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });

export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.sm, fontWeight: 600, fontSize: vars.fontSize.md, color: vars.color.fg });

export const names = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))' });

export const treeTools = style({ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });

export const count = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

/** The tree scrolls inside the dialog, so the actions stay in reach. */
export const tree = style({
  maxHeight: 'min(50vh, 28rem)',
  overflowY: 'auto',
  border: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });

/** The list's card: less padding on phones, so the table keeps the width. */
export const tableCard = style({ '@media': { 'screen and (max-width: 600px)': { padding: vars.space.sm } } });
