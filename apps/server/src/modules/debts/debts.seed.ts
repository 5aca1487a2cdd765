import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { normalizeForSearch } from '@servicedesk/i18n/normalize';
import type { DebtStatus } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { debtCounterparties, debtGroups, debtImports, debtPaymentTypes, modalElements, users } from '../../db/schema';
import { appendHistory } from '../../lib/records/history';
import { insertComment } from '../../lib/records/comments';
import { addWatchers } from '../../lib/records/watchers';
import { DEBT_RECORD_KIND } from './debts.kind';
import { runImport } from './debts.import';
import { oneCImport } from './debts.onec';
import { dislocationImport } from './debts.dislocation';

/*
 * Demo data of the debt reports and the dislocation (issue #17; DOMAIN.md "Demo data"): groups,
 * payment types, three more counterparties (Turkish, Russian, English names; TRY, RUB, USD), the
 * demo 1C data and a dislocation snapshot imported through the real pipeline (so every balance has
 * its file and line), every status with its history, and a comment. The example files the e2e and
 * a user try (examples/1c-example.csv, dislocation-example.csv) are NOT imported here.
 */

/** The shipped example and demo files. */
export const DEBT_EXAMPLES = {
  oneC: fileURLToPath(new URL('./examples/1c-example.csv', import.meta.url)),
  dislocation: fileURLToPath(new URL('./examples/dislocation-example.csv', import.meta.url)),
  oneCSeed: fileURLToPath(new URL('./examples/1c-demo-seed.csv', import.meta.url)),
  dislocationSeed: fileURLToPath(new URL('./examples/dislocation-demo-seed.csv', import.meta.url)),
};

export const debtGroupSeeds = ['Təchizatçılar', 'Podratçılar', 'Nəqliyyat'];
export const paymentTypeSeeds = [
  { code: 'BANK', name: 'Bank köçürməsi' },
  { code: 'CASH', name: 'Nağd ödəniş' },
  { code: 'OFFSET', name: 'Qarşılıqlı əvəzləşdirmə' },
  { code: 'CARD', name: 'Korporativ kart' },
];
const counterpartySeeds = [
  { kind: 'vendor' as const, name: 'Anadolu Lojistik A.Ş.', tin: '1400123455' },
  { kind: 'contractor' as const, name: 'ООО «Каспий Транс»', tin: '1500123453' },
  { kind: 'vendor' as const, name: 'Caspian Freight Ltd', tin: '1400123456' },
];
const statusSeeds: { tin: string; status: DebtStatus; comment: string }[] = [
  { tin: '1400123452', status: 'watch', comment: 'Ödəniş qrafiki iki dəfə pozulub.' },
  { tin: '1500123451', status: 'inDispute', comment: 'Aktda 25 000 AZN fərq var, hüquq şöbəsinə göndərildi.' },
  { tin: '1500123453', status: 'watch', comment: 'Рублёвый остаток растёт, нужен акт сверки.' },
  { tin: '1400123456', status: 'writtenOff', comment: 'Company dissolved in 2025; written off by the board decision.' },
];

/** Writes the demo data once (when no 1C import exists yet); runs inside the seed's transaction. */
export async function seedDebts(tx: Db): Promise<void> {
  for (const name of debtGroupSeeds) await tx.insert(debtGroups).values({ name }).onConflictDoNothing();
  for (const type of paymentTypeSeeds) await tx.insert(debtPaymentTypes).values(type).onConflictDoNothing();
  const [done] = await tx.select({ n: count() }).from(debtImports);
  if ((done?.n ?? 0) > 0) return;
  for (const c of counterpartySeeds) {
    await tx.insert(modalElements).values({ ...c, nameKey: normalizeForSearch(c.name) }).onConflictDoNothing();
  }
  const [accountant] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, 'accountant@servicedesk.az'));
  const [director] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(sql`lower(${users.email})`, 'director@servicedesk.az'));
  if (!accountant) return;
  const user = { id: accountant.id } as Parameters<typeof runImport>[1];
  await runImport(tx, user, await oneCImport(tx), { name: '1c-demo-seed.csv', stream: createReadStream(DEBT_EXAMPLES.oneCSeed) }, true);
  await runImport(tx, user, dislocationImport(), { name: 'dislocation-demo-seed.csv', stream: createReadStream(DEBT_EXAMPLES.dislocationSeed) }, true);

  const elements = await tx
    .select({ id: modalElements.id, tin: modalElements.tin })
    .from(modalElements)
    .where(inArray(modalElements.tin, statusSeeds.map((s) => s.tin)));
  for (const s of statusSeeds) {
    const element = elements.find((e) => e.tin === s.tin);
    if (!element) continue;
    await tx.update(debtCounterparties).set({ status: s.status }).where(eq(debtCounterparties.id, element.id));
    await appendHistory(tx, [{ recordKind: DEBT_RECORD_KIND, recordId: element.id, action: 'status', fromStatus: 'normal', toStatus: s.status, actorId: accountant.id, comment: s.comment }]);
  }
  const disputed = elements.find((e) => e.tin === '1500123451');
  if (disputed && director) {
    await insertComment(tx, DEBT_RECORD_KIND, disputed.id, accountant.id, `@${director.firstName} ${director.lastName} akt imzalanana qədər ödənişləri dayandırırıq.`);
    await addWatchers(tx, DEBT_RECORD_KIND, disputed.id, [director.id], accountant.id);
  }
}
