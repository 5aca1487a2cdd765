/**
 * Every `t('a.literal.key', …)` call in the web app passes a value for each `{{placeholder}}` its
 * text has, so no screen ever shows a raw `{{requested}}`. The placeholders are read from the az
 * texts (the i18n package's own test holds the other three languages to the same placeholders), the
 * calls from the sources with the TypeScript parser. A call whose values are not an object literal
 * (a variable, a spread) cannot be checked statically and is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildLocale } from '@servicedesk/i18n';

const SRC = join(__dirname, '..', '..');
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

/** The placeholders of a text: `{{name}}`, `{{- name}}`, `{{name, number}}` → name. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!.split('.')[0]!);
}

/** The texts of `key`: the key itself, or its plural forms (`key_one`, `key_other`...). */
function textsOf(tree: unknown, key: string): string[] {
  const own = lookup(tree, key);
  if (typeof own === 'string') return [own];
  return PLURAL_SUFFIXES.map((suffix) => lookup(tree, key + suffix)).filter((v): v is string => typeof v === 'string');
}

interface Call {
  file: string;
  line: number;
  key: string;
  /** Names passed, or null when the values are not a plain object literal. */
  passed: string[] | null;
}

function calls(file: string): Call[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Call[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isT = (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
      const [first, second] = node.arguments;
      if (isT && first && ts.isStringLiteralLike(first)) {
        let passed: string[] | null = [];
        if (second) {
          if (ts.isObjectLiteralExpression(second) && second.properties.every((p) => !ts.isSpreadAssignment(p))) {
            passed = second.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) ? p.name.text : '?'));
          } else passed = null;
        }
        out.push({ file: relative(SRC, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, key: first.text, passed });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('translation calls pass their placeholders', () => {
  const az = buildLocale('az');
  const all = sources(SRC).flatMap(calls);

  it('finds the calls (the scan works)', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(placeholders('{{remaining}} left, {{- requested}} and {{n, number}}')).toEqual(['remaining', 'requested', 'n']);
  });

  it('every placeholder of a literal key has a value in its call', () => {
    const missing: string[] = [];
    for (const call of all) {
      if (call.passed === null) continue;
      const wanted = new Set(textsOf(az, call.key).flatMap(placeholders));
      const absent = [...wanted].filter((name) => !call.passed!.includes(name));
      if (absent.length) missing.push(`${call.file}:${call.line} t('${call.key}') lacks ${absent.join(', ')}`);
    }
    expect(missing, `calls that leave a placeholder without a value:\n${missing.join('\n')}`).toHaveLength(0);
  });
});
