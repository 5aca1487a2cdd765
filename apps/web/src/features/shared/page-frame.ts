import { vars } from '@servicedesk/ui/theme';

/*
 * A page's column, its heading (h1) and the line under it: page.css.ts's classes, and the boot shell
 * that index.html draws before the app has loaded (app/boot-shell.css.ts, issue #19), which must put
 * the heading exactly where the page will.
 */

/** The page's column: at most 72 rem wide, centred. */
export const pageRule = { maxWidth: '72rem', margin: '0 auto', display: 'flex', flexDirection: 'column', gap: vars.space.lg } as const;

/** The page's heading (h1). */
export const headingRule = { margin: 0, fontSize: vars.fontSize.xxl, lineHeight: 1.2, color: vars.color.fg, fontWeight: 700 } as const;

/** The line under the heading. */
export const leadRule = { margin: `${vars.space.xs} 0 0`, color: vars.color.fgMuted } as const;
