import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/**
 * The dashboard's figures and widgets, shown together once loaded: a column as wide as the page
 * (as the page's own column; not shrunk to its content, which changes as charts and figures load).
 */
export const figures = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, width: '100%' });
