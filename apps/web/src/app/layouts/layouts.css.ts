import { globalStyle, style } from '@vanilla-extract/css';
import { narrowScreen, vars } from '@servicedesk/ui/theme';
import { mainFrame, mainFrameNarrow } from './frame';

globalStyle(':root', { vars: { '--sd-topbar-height': '56px' } });

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: -100,
  zIndex: 100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryFg,
  fontWeight: 600,
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const body = style({ display: 'flex', alignItems: 'stretch', minHeight: 'calc(100dvh - var(--sd-topbar-height))' });

// The bottom padding (frame.ts) keeps room under the last control (a form's Save, a comment's Send)
// for the floating chat bubble and back-to-top button, so they never sit on top of it at the page end.
export const main = style({
  ...mainFrame,
  outline: 'none',
  '@media': { [narrowScreen]: mainFrameNarrow },
});

export const bare = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: `radial-gradient(circle at 15% 10%, color-mix(in srgb, ${vars.color.primary} 14%, transparent), transparent 45%), ${vars.color.bg}`,
});

export const bareCard = style({
  width: '100%',
  maxWidth: '26rem',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
  '@media': { 'screen and (max-width: 479.98px)': { padding: vars.space.lg } },
});

export const bareBrand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  color: vars.color.fg,
});

export const bareMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryFg,
});

export const fallback = style({ minHeight: '100dvh', display: 'grid', placeItems: 'center', color: vars.color.fgMuted });

/**
 * The "a new version is available" prompt (UpdatePrompt): bottom-left, above the page, below
 * dialogs; it leaves the bottom-right corner (6rem) to the floating chat and back-to-top buttons.
 */
export const updatePrompt = style({
  position: 'fixed',
  left: vars.space.md,
  bottom: vars.space.md,
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  maxWidth: `calc(100vw - ${vars.space.md} - 6rem)`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
});
