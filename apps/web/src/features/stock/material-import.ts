import type { MaterialImportRow } from '@servicedesk/contracts';

/*
 * Reading a materials file for the import (issue #13): CSV (comma or semicolon, quotes with ""
 * escapes, UTF-8 with or without BOM) or XLSX (read-excel-file, loaded only when an .xlsx is
 * picked). The first row names the columns: code, name, group, unit, minLevel, parameters — in
 * English or in the interface languages' words below (case and spaces ignored).
 */

/** Header words per column (en and az, ru, tr). */
const HEADERS: Record<keyof MaterialImportRow, string[]> = {
  code: ['code', 'kod', 'код'],
  name: ['name', 'ad', 'наименование', 'название'],
  group: ['group', 'qrup', 'material qrupu', 'группа', 'grup', 'malzeme grubu'],
  unit: ['unit', 'ölçü vahidi', 'vahid', 'ед. изм.', 'единица', 'birim'],
  minLevel: ['minlevel', 'min level', 'minimum', 'minimum səviyyə', 'минимальный остаток', 'minimum seviye'],
  parameters: ['parameters', 'parametrlər', 'параметры', 'parametreler'],
};

/** Splits CSV text into rows of cells (RFC 4180 quotes; the delimiter is , or ; — whichever the header has more of). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}

/** Rows of cells (the first the header) → import rows; throws `missingColumns` when code, name, group or unit has no column. */
export function toImportRows(table: string[][]): MaterialImportRow[] {
  const [header, ...rest] = table;
  const index = {} as Record<keyof MaterialImportRow, number>;
  (Object.keys(HEADERS) as (keyof MaterialImportRow)[]).forEach((key) => {
    index[key] = (header ?? []).findIndex((h) => HEADERS[key].includes(h.trim().toLocaleLowerCase('az').replace(/\s+/g, ' ')));
  });
  if (index.code < 0 || index.name < 0 || index.group < 0 || index.unit < 0) throw new Error('missingColumns');
  const at = (row: string[], i: number) => (i < 0 ? undefined : (row[i] ?? '').trim());
  return rest.map((row) => ({
    code: at(row, index.code) ?? '',
    name: at(row, index.name) ?? '',
    group: at(row, index.group) ?? '',
    unit: at(row, index.unit) ?? '',
    ...(index.minLevel >= 0 ? { minLevel: at(row, index.minLevel) } : {}),
    ...(index.parameters >= 0 ? { parameters: at(row, index.parameters) } : {}),
  }));
}

/** Reads a picked file (.csv or .xlsx) into import rows. */
export async function readMaterialsFile(file: File): Promise<MaterialImportRow[]> {
  if (/\.xlsx$/i.test(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    const sheet = await readSheet(file);
    return toImportRows(sheet.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell)))));
  }
  return toImportRows(parseCsv(await file.text()));
}
