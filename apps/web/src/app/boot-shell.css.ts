import { globalStyle } from '@vanilla-extract/css';
import {
  brandMarkFrame,
  brandTextFrame,
  brandTextHidden,
  narrowScreen,
  SIDEBAR_RAIL_WIDTH,
  SIDEBAR_WIDTH,
  sidebarPanelFrame,
  topBarFrame,
  topBarFrameNarrow,
  vars,
} from '@servicedesk/ui/theme';
import { headingRule, leadRule, pageRule } from '../features/shared/page-frame';
import { mainFrame, mainFrameNarrow } from './layouts/frame';

/*
 * The boot shell's look (boot-shell.ts draws it from index.html): global rules on fixed class names,
 * because the inline script runs before any of the app's code. Part of the entry's CSS, which
 * index.html loads before the first paint; the frame's values are the app's own (ui theme/frame.ts,
 * layouts/frame.ts, features/shared/page-frame.ts), so the real page replaces it where it stands.
 */

globalStyle('.sd-boot', {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  overflow: 'hidden',
  background: vars.color.bg,
  color: vars.color.fg,
  pointerEvents: 'none',
});

globalStyle('.sd-boot-bar', { ...topBarFrame, '@media': { [narrowScreen]: topBarFrameNarrow } });

// The menu toggle's place (40 px) and its three lines, on narrow screens only, as the top bar shows it.
globalStyle('.sd-boot-toggle', {
  display: 'none',
  width: 40,
  height: 40,
  background: `linear-gradient(${vars.color.fg}, ${vars.color.fg}) center 13px / 18px 2px no-repeat, linear-gradient(${vars.color.fg}, ${vars.color.fg}) center 19px / 18px 2px no-repeat, linear-gradient(${vars.color.fg}, ${vars.color.fg}) center 25px / 18px 2px no-repeat`,
  '@media': { [narrowScreen]: { display: 'block' } },
});

globalStyle('.sd-boot-mark', brandMarkFrame);

globalStyle('.sd-boot-brand', { ...brandTextFrame, '@media': { [brandTextHidden]: { display: 'none' } } });

globalStyle('.sd-boot-body', { display: 'flex', height: 'calc(100% - var(--sd-topbar-height, 56px))' });

globalStyle('.sd-boot-side', {
  ...sidebarPanelFrame,
  width: SIDEBAR_WIDTH,
  flexShrink: 0,
  '@media': { [narrowScreen]: { display: 'none' } },
});

globalStyle('.sd-boot-side[data-collapsed]', { width: SIDEBAR_RAIL_WIDTH });

globalStyle('.sd-boot-main', { ...mainFrame, '@media': { [narrowScreen]: mainFrameNarrow } });

globalStyle('.sd-boot-page', pageRule);

globalStyle('.sd-boot-heading', headingRule);

globalStyle('.sd-boot-lead', leadRule);
