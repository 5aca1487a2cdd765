import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const dialogText = style({ margin: `0 0 ${vars.space.sm}` });

export const names = style({ margin: 0, paddingInlineStart: vars.space.lg, overflowWrap: 'anywhere' });

/** The download page's message and its buttons row. */
export const downloadMessage = style({ margin: `0 0 ${vars.space.md}`, overflowWrap: 'anywhere' });
export const downloadActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
