import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '@servicedesk/i18n';
import { searchColumns, snippetParts } from './documents.snippet';

// The search snippet in the original text, its words marked (issue #41), as plain parts.

const windowOf = (source: string, at = 1, chars = 150) => {
  const folded = normalizeForSearch(source);
  return { at, f: Array.from(folded).slice(at - 1, at - 1 + chars).join(''), o: Array.from(source).slice(at - 1, at - 1 + chars).join(''), more: Array.from(folded).length >= at + chars };
};

describe('search snippet', () => {
  it('shows the original spelling with the words found marked: whole words, the last also as a prefix', () => {
    const { searchSource } = searchColumns('Təchizat', 'Təchizatı   üçün\nəlavə sətir');
    expect(searchSource).toBe('Təchizat Təchizatı üçün əlavə sətir');
    expect(snippetParts(windowOf(searchSource), ['ucun', 'elav'])).toEqual([
      { text: 'Təchizat Təchizatı ', mark: false },
      { text: 'üçün', mark: true },
      { text: ' ', mark: false },
      { text: 'əlavə', mark: true },
      { text: ' sətir', mark: false },
    ]);
    // `ucun` is a whole word only: `ucuncu` is not marked unless it is the last word (a prefix).
    expect(snippetParts(windowOf('üçüncü üçün'), ['ucun', 'x']).filter((p) => p.mark).map((p) => p.text)).toEqual(['üçün']);
  });

  it('cuts at whole words inside a long text, and falls back to the folded text when the two do not line up', () => {
    const source = `${'söz '.repeat(100)}Ödəniş fakturası ${'söz '.repeat(100)}`.trim();
    const parts = snippetParts(windowOf(source, 380, 60), ['odenis']);
    const text = parts.map((p) => p.text).join('');
    expect(text.startsWith('söz') || text.startsWith('Ödəniş')).toBe(true);
    expect(text.endsWith('söz') || text.endsWith('fakturası')).toBe(true);
    expect(parts.find((p) => p.mark)?.text).toBe('Ödəniş');
    // An older row without the original (o null) shows the folded text, still marked.
    expect(snippetParts({ at: 1, f: 'odenis fakturasi', o: null, more: false }, ['odenis'])).toEqual([
      { text: 'odenis', mark: true },
      { text: ' fakturasi', mark: false },
    ]);
    // Markup in a document is text, never HTML: it comes back as it is, in a plain part.
    expect(snippetParts(windowOf('<b>Ödəniş</b>'), ['odenis'])).toEqual([
      { text: '<b>', mark: false },
      { text: 'Ödəniş', mark: true },
      { text: '</b>', mark: false },
    ]);
  });
});
