import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Narrow screens: the panel takes the whole screen (SPEC §2 "On mobile the panel is full screen"). */
export const NARROW = 'screen and (max-width: 600px)';

export const dock = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 900,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const bubble = style({
  position: 'relative',
  display: 'inline-flex',
  padding: 0,
  border: `2px solid ${vars.color.surface}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const count = style({
  position: 'absolute',
  top: '-0.4rem',
  right: '-0.4rem',
  minWidth: '1.25rem',
  height: '1.25rem',
  padding: '0 0.3rem',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.dangerFg,
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: '1.25rem',
  textAlign: 'center',
});

export const dot = style({
  display: 'inline-block',
  width: '0.65rem',
  height: '0.65rem',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.surface}`,
  flexShrink: 0,
  selectors: {
    '&[data-online=true]': { background: vars.color.success },
    '&[data-online=false]': { background: vars.color.warning },
  },
});

export const bubbleDot = style({ position: 'absolute', right: 0, bottom: 0 });

export const panel = style({
  width: 320,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  overflow: 'hidden',
  '@media': {
    [NARROW]: { position: 'fixed', inset: 0, width: '100%', height: '100%', borderRadius: 0 },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const who = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });
export const name = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const position = style({ fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2rem',
  height: '2rem',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.fg,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const list = style({
  height: 300,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.15rem',
  padding: vars.space.sm,
  margin: 0,
  listStyle: 'none',
  '@media': { [NARROW]: { height: 'auto', flex: 1 } },
});

export const message = style({
  maxWidth: '80%',
  display: 'flex',
  flexDirection: 'column',
  selectors: {
    '&[data-mine=true]': { alignSelf: 'flex-end', alignItems: 'flex-end' },
    '&[data-mine=false]': { alignSelf: 'flex-start', alignItems: 'flex-start' },
    '&[data-last=true]': { marginBottom: vars.space.sm },
  },
});

export const text = style({
  padding: '0.35rem 0.6rem',
  borderRadius: vars.radius.md,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  selectors: {
    [`${message}[data-mine=true] &`]: { background: vars.color.primary, color: vars.color.primaryFg },
    [`${message}[data-mine=false] &`]: { background: vars.color.surface, color: vars.color.fg, border: `1px solid ${vars.color.border}` },
  },
});

export const time = style({ fontSize: '0.7rem', color: vars.color.fgMuted, marginTop: '0.1rem' });

export const empty = style({ margin: 'auto', color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const loadEarlier = style({
  alignSelf: 'center',
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
});

export const form = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const input = style({
  flex: 1,
  minWidth: 0,
  padding: '0.4rem 0.6rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  color: vars.color.fg,
  font: 'inherit',
  selectors: { '&[data-focused]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 0 } },
});

const fade = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: 320,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
  textAlign: 'start',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-fading=true]': { animation: `${fade} 300ms ease-in forwards` },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const toastText = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  fontSize: vars.fontSize.sm,
});

export const users = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const groupTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.sm, color: vars.color.fgMuted, fontWeight: 600 });
export const userRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  padding: vars.space.xs,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.fg,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});
export const userList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const rowCount = style({
  marginInlineStart: 'auto',
  minWidth: '1.25rem',
  padding: '0 0.3rem',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.dangerFg,
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: '1.25rem',
  textAlign: 'center',
});

/** ControlAvatar: the initials are generated content, so they are not text of the control's name. */
export const controlAvatar = style({
  selectors: {
    '&[data-initials]::before': { content: 'attr(data-initials)' },
  },
});

export const controlAvatarImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
