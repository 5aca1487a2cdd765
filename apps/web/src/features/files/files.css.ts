import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const dialogText = style({ margin: `0 0 ${vars.space.sm}` });

export const names = style({ margin: 0, paddingInlineStart: vars.space.lg, overflowWrap: 'anywhere' });
