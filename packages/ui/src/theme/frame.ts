import { vars } from './contract.css';

/*
 * The app frame's rules, shared by the components that draw it (TopBar, Sidebar) and the web app's
 * boot shell (apps/web/src/app/boot-shell.css.ts), which draws the same frame from index.html before
 * any script has loaded (issue #19): one definition, so the two cannot drift apart.
 */

/** Below this width the sidebar is off-canvas and the top bar shows the menu toggle (px, SPEC's phone layout). */
export const narrowScreen = 'screen and (max-width: 767.98px)';

/** The top bar's bar: height (the --sd-topbar-height the shell sets, 56 px), colours, edge. */
export const topBarFrame = {
  height: 'var(--sd-topbar-height, 56px)',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  background: vars.color.surface,
  color: vars.color.fg,
  borderBottom: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  boxShadow: vars.shadow.sm,
} as const;

/** The top bar's spacing on narrow screens. */
export const topBarFrameNarrow = { padding: `0 ${vars.space.sm}`, gap: vars.space.xs } as const;

/** The brand's square mark (30 px). */
export const brandMarkFrame = {
  display: 'inline-grid',
  placeItems: 'center',
  width: 30,
  height: 30,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryFg,
} as const;

/** The brand's name: bold, large. */
export const brandTextFrame = { fontWeight: 700, fontSize: vars.fontSize.lg } as const;

/** Below this width the brand's name is hidden (the mark alone). */
export const brandTextHidden = 'screen and (max-width: 419.98px)';

/** The sidebar's expanded width (px) unless the user resized it, and its icon-only rail (px). */
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_RAIL_WIDTH = 64;

/** The sidebar panel's surface and edge. */
export const sidebarPanelFrame = {
  background: vars.color.surface,
  color: vars.color.fg,
  borderRight: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
} as const;
