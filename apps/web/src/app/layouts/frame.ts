import { vars } from '@servicedesk/ui/theme';

/*
 * The signed-in shell's main column, shared by AppShell (layouts.css.ts) and the boot shell that
 * index.html draws before the app has loaded (app/boot-shell.css.ts, issue #19).
 */

/** Room kept under the last control for the floating chat and back-to-top buttons. */
const floatingButtonsRoom = '6rem';

/** <main>'s padding: wide screens. */
export const mainFrame = { flex: 1, minWidth: 0, padding: vars.space.lg, paddingBottom: floatingButtonsRoom } as const;

/** <main>'s padding below 768 px. */
export const mainFrameNarrow = { padding: vars.space.md, paddingBottom: floatingButtonsRoom } as const;
