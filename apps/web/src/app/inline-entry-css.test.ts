import { describe, expect, it } from 'vitest';
import { inlineEntryCss } from '../../scripts/inline-entry-css.mjs';

type Handler = (html: string, ctx: { bundle?: Record<string, unknown> }) => string;
const handler = (inlineEntryCss().transformIndexHtml as { handler: Handler }).handler;

const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"><link rel="stylesheet" href="/assets/other.css"></head>';

describe("the entry's stylesheet inside index.html (issue #19)", () => {
  it('replaces the link of a stylesheet of the bundle by its text, and leaves others', () => {
    const out = handler(html, { bundle: { 'assets/index-abc.css': { type: 'asset', source: ':root{--x:1}' } } });
    expect(out).toContain('<style>:root{--x:1}</style>');
    expect(out).not.toContain('index-abc.css');
    expect(out).toContain('<link rel="stylesheet" href="/assets/other.css">');
  });

  it('reads a stylesheet given as bytes, and refuses one that would close the <style> early', () => {
    const bytes = new TextEncoder().encode('body{margin:0}');
    expect(handler(html, { bundle: { 'assets/index-abc.css': { type: 'asset', source: bytes } } })).toContain('<style>body{margin:0}</style>');
    expect(() => handler(html, { bundle: { 'assets/index-abc.css': { type: 'asset', source: 'a{content:"</style>"}' } } })).toThrow(/<\/style/);
  });

  it('changes nothing outside a build (no bundle)', () => {
    expect(handler(html, {})).toBe(html);
  });
});
