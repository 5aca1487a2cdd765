import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/* News pages (issue #18): the feed, a post, the editor. */

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const feed = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const post = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const unread = style({ borderInlineStart: `4px solid ${vars.color.primary}` });

export const cover = style({ width: '100%', maxHeight: '16rem', objectFit: 'cover', borderRadius: vars.radius.md, background: vars.color.bg });

export const postTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

globalStyle(`${postTitle} a`, { color: vars.color.fg, textDecoration: 'none' });
globalStyle(`${postTitle} a:hover, ${postTitle} a:focus-visible`, { textDecoration: 'underline' });

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const excerpt = style({ margin: 0, overflowWrap: 'anywhere', lineHeight: 1.5 });

export const counts = style({ display: 'flex', gap: vars.space.md, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const body = style({ lineHeight: 1.6, overflowWrap: 'anywhere' });
globalStyle(`${body} a`, { color: vars.color.primary });
globalStyle(`${body} blockquote`, { margin: 0, paddingInlineStart: vars.space.md, borderInlineStart: `3px solid ${vars.color.border}`, color: vars.color.fgMuted });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const likers = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const percent = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, fontVariantNumeric: 'tabular-nums', margin: 0 });

export const bar = style({ height: '0.5rem', borderRadius: vars.radius.full, background: vars.color.border, overflow: 'hidden' });
export const barFill = style({ height: '100%', background: vars.color.success });

export const table = style({ width: '100%', borderCollapse: 'collapse' });
globalStyle(`${table} th, ${table} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}` });

export const editor = style({
  minHeight: '12rem',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  lineHeight: 1.6,
  overflowWrap: 'anywhere',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});

export const editorToolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const fieldset = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md, margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const label = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm });

export const input = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
});

export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: vars.space.md });
