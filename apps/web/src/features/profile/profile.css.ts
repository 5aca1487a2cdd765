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

/** The sessions card's list (issue #20): one row per open session, the button at the end. */
export const sessionList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const sessionItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sessionText = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const sessionDevice = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, fontWeight: 500 });

/** The notification preferences card (issue #38): the page's full width under the two columns. */
export const wide = style({ marginTop: vars.space.lg });
