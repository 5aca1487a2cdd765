/**
 * Every list column holding a date or an instant uses the kit's formats: a column named like one
 * (`…Date`, `…Day`, `…At`) declares `type: 'date'` or `type: 'dateTime'`, which AppDataTable formats
 * with @servicedesk/i18n (calendar days without a time-zone shift, instants in the organisation's
 * zone). A column without the type showed the server's raw `2026-11-25`; one with a hand-written
 * render drifted to a third style ("21 dek 2026"). And no screen builds its own Intl.DateTimeFormat
 * or calls toLocaleDateString: the kit's formatters are the one way to show a date.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');
const DATE_NAME = /(Date|Day|At)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const prop = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);

describe('dates in lists and screens use the kit', () => {
  const files = sources(SRC);

  it('types every date column (date or dateTime)', () => {
    const untyped: string[] = [];
    let seen = 0;
    for (const file of files) {
      const source = parse(file);
      const visit = (node: ts.Node) => {
        if (ts.isObjectLiteralExpression(node)) {
          const name = prop(node, 'columnName')?.initializer;
          if (name && ts.isStringLiteralLike(name) && DATE_NAME.test(name.text)) {
            seen++;
            const type = prop(node, 'type')?.initializer;
            if (!type || !ts.isStringLiteralLike(type) || (type.text !== 'date' && type.text !== 'dateTime')) {
              untyped.push(`${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name.text}`);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(seen).toBeGreaterThan(10);
    expect(untyped, `date columns without type 'date' / 'dateTime':\n${untyped.join('\n')}`).toHaveLength(0);
  });

  it('builds no date formatter of its own', () => {
    const own = files
      .filter((file) => /new Intl\.DateTimeFormat|toLocaleDateString|toLocaleTimeString/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(own).toEqual([]);
  });
});
