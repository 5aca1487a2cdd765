import { eq } from 'drizzle-orm';
import { documentDetail, type DocumentDetail } from '@servicedesk/contracts';
import { groups, userTypes, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';

/*
 * Factories for the documents tests: signed-in personas, uploads, folders and documents through
 * the API (Rocketseat-style).
 */

/** The people of the tests: the clerk builds; the lead is a member of İT dəstəyi; the lawyer has the module but no folder; the employee not even the module. */
export const PEOPLE = {
  clerk: 'clerk@servicedesk.az',
  lead: 'lead@servicedesk.az',
  lawyer: 'lawyer@servicedesk.az',
  employee: 'employee@servicedesk.az',
  director: 'director@servicedesk.az',
  admin: 'admin@servicedesk.az',
} as const;
export type Person = keyof typeof PEOPLE;

export interface DocumentsFixture {
  t: TestApp;
  token: Record<Person, string>;
  /** The answer's JSON is read freely by the tests (they parse what they assert with the contracts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads fields of any answer, errors included
  call(as: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number; json: any }>;
  upload(as: Person, name: string, bytes: Buffer | string): Promise<number>;
  folder(as: Person, name: string, parentId?: number | null): Promise<number>;
  document(as: Person, folderId: number, title: string, file?: { name: string; bytes: Buffer | string }): Promise<DocumentDetail>;
  groupId(name: string): Promise<number>;
  userTypeId(key: string): Promise<number>;
  userId(person: Person): Promise<number>;
}

/** Signs in everyone and answers the helpers. */
export async function documentsFixture(t: TestApp): Promise<DocumentsFixture> {
  const names = Object.keys(PEOPLE) as Person[];
  const tokens = await Promise.all(names.map((p) => t.login(PEOPLE[p])));
  const token = Object.fromEntries(names.map((p, i) => [p, tokens[i]!])) as Record<Person, string>;
  const call: DocumentsFixture['call'] = async (as, method, url, payload) => {
    const res = await t.as(token[as], { method, url: `/api${url}`, ...(payload !== undefined ? { payload: payload as object } : {}) });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      json = res.body;
    }
    return { status: res.statusCode, json };
  };
  const upload: DocumentsFixture['upload'] = async (as, name, bytes) => {
    const res = await t.as(token[as], {
      method: 'POST',
      url: '/api/global/FileUploadGlobal',
      ...multipart([{ field: 'type', value: 'document' }, { file: name, bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes) }]),
    });
    if (res.statusCode !== 200) throw new Error(`upload failed ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }[])[0]!.id;
  };
  const folder: DocumentsFixture['folder'] = async (as, name, parentId = null) => {
    const res = await call(as, 'POST', '/documents/folders', { name, parentId });
    if (res.status !== 200) throw new Error(`folder failed ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.id as number;
  };
  const document: DocumentsFixture['document'] = async (as, folderId, title, file) => {
    const fileId = file ? await upload(as, file.name, file.bytes) : undefined;
    const res = await call(as, 'POST', '/documents/save', { folderId, title, typeCode: 'letter', ...(fileId ? { fileId } : {}) });
    if (res.status !== 200) throw new Error(`document failed ${res.status} ${JSON.stringify(res.json)}`);
    return documentDetail.parse(res.json);
  };
  const groupId = async (name: string) => (await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, name)))[0]!.id;
  const userTypeId = async (key: string) => (await t.app.deps.db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.key, key)))[0]!.id;
  const userId = async (person: Person) => (await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, PEOPLE[person])))[0]!.id;
  return { t, token, call, upload, folder, document, groupId, userTypeId, userId };
}

/** A small valid PDF whose page shows `lines` (one text line each). */
export function pdfWithText(lines: string[]): Buffer {
  const content = `BT /F1 12 Tf 20 260 Td ${lines.map((l, i) => `${i ? '0 -20 Td ' : ''}(${l.replace(/[()\\]/g, '')}) Tj`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
