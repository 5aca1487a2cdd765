import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.md });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(14rem, 18rem) minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 56rem)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const tree = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 });
export const subtree = style({ listStyle: 'none', margin: 0, paddingInlineStart: vars.space.md, display: 'flex', flexDirection: 'column', gap: 2 });
export const folderButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  color: vars.color.fg,
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
    '&[aria-current="true"]': { background: vars.color.surfaceRaised, fontWeight: 600 },
    '&[data-drop-target="true"]': { outline: `2px dashed ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});
export const count = style({ color: vars.color.fgMuted, fontVariantNumeric: 'tabular-nums' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, marginTop: vars.space.md });
export const tableCard = style({ padding: vars.space.md, minWidth: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, cursor: 'pointer' });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
export const muted = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const entryGrid = style({ display: 'grid', gridTemplateColumns: 'minmax(8rem, 1fr) minmax(10rem, 2fr) minmax(8rem, 1fr) auto', gap: vars.space.sm, alignItems: 'end' });
export const diff = style({
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowX: 'auto',
  listStyle: 'none',
});
export const diffLine = style({
  whiteSpace: 'pre-wrap',
  padding: '0 0.25rem',
  selectors: {
    '&[data-kind="added"]': { color: vars.color.success, fontWeight: 600, borderInlineStart: `3px solid ${vars.color.success}` },
    '&[data-kind="removed"]': { color: vars.color.danger, textDecoration: 'line-through', borderInlineStart: `3px solid ${vars.color.danger}` },
  },
});
export const dl = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const dt = style({ color: vars.color.fgMuted });
export const dd = style({ margin: 0 });
export const hash = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, color: vars.color.fgMuted, wordBreak: 'break-all' });
export const link = style({ color: vars.color.primary });
/** The preview's frame: a page of a PDF, an image, a DOCX's HTML — never wider than the card. */
export const preview = style({ maxWidth: '100%', overflow: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, padding: vars.space.sm, background: vars.color.surface });
export const previewImage = style({ maxWidth: '100%', height: 'auto', display: 'block' });
export const step = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, padding: vars.space.sm, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
