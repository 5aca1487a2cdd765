/**
 * The entry's stylesheet written into index.html (issue #19, Lighthouse `render-blocking-insight`):
 * the theme's variables, the global rules and the boot shell's look (src/app/boot-shell.css.ts) are
 * ~1.6 KB compressed, but as a `<link rel="stylesheet">` they held the first paint for one more
 * request — on a slow phone link one more round trip, shared with the framework and the
 * translations downloading beside it. Inlined, the boot shell paints as soon as index.html is parsed.
 *
 * A Vite plugin for the build: every `<link rel="stylesheet" href="/assets/….css">` of index.html
 * whose file is in the bundle becomes a `<style>` with the file's text (the file stays in dist/: the
 * sign-in entry's chunks do not reference it, and an old cached index.html may still ask for it).
 */
export function inlineEntryCss() {
  return {
    name: 'servicedesk:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (link, fileName) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) throw new Error(`inline-entry-css: ${fileName} contains "</style"`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
