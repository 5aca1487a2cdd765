import { and, count, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { SaveVendorInvoiceInput } from '@servicedesk/contracts';
import { saveVendorInvoiceInput } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { modalElements, notifications, users, vendorInvoices } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import * as service from './finance.service';

/*
 * Finance's demo data (DOMAIN.md "Demo data", issue #16): vendor invoices of the seeded vendors in
 * EVERY status, driven through the same service and approval engine as the app (so their chains,
 * history and receipts are real): a draft, invoices at the warehouse check and with the director,
 * two in the accounting pool (one taken), paid ones spread over this year's months (the
 * dashboard's chart), a rejected, a returned and a cancelled one. Two of them (KM-2026-1187,
 * OT-2026-0298) are the ones the shipped e-invoice example (e-invoices.example.xml) matches — one
 * exactly, one with differences. Written only while there are no vendor invoices (idempotent).
 * The engine's notifications of these seeded decisions are dropped: the demo's bells start clean.
 */

const D = (days: number, base: Date) => new Date(base.getTime() - days * 24 * 3600 * 1000);

type Step = 'draft' | 'submit' | 'keeper' | 'director' | 'take' | 'paid' | 'rejectByDirector' | 'returnByKeeper' | 'cancel';

interface InvoiceSeed {
  vendorTin: string;
  input: Omit<SaveVendorInvoiceInput, 'vendorId'>;
  steps: Step[];
  paidDate?: string;
  ageDays: number;
}

/** The demo invoices; `year` is this year (paid dates fall in it, for the chart). */
function invoiceSeeds(year: number): InvoiceSeed[] {
  const line = (description: string, unit: string, quantity: number, unitPrice: number, vatRate = 18) => ({ description, unit, quantity, unitPrice, vatRate });
  const flow: Step[] = ['submit', 'keeper', 'director', 'take', 'paid'];
  return [
    { vendorTin: '1400123452', ageDays: 1, steps: ['draft'], input: { number: 'OT-2026-0311', invoiceDate: '2026-11-21', lines: [line('Printer kartrici HP 85A', 'ədəd', 10, 4500)], note: 'Qaralama: hələ göndərilməyib' } },
    { vendorTin: '1400123453', ageDays: 2, steps: ['submit'], input: { number: 'BE-5530', invoiceDate: '2026-11-19', transportNumbers: ['10-AA-123'], lines: [line('Monitor Dell P2422H', 'ədəd', 4, 38990), line('HDMI kabel 2 m', 'ədəd', 4, 1250)] } },
    {
      vendorTin: '1400123451',
      ageDays: 14,
      steps: ['submit', 'keeper'],
      input: { number: 'KM-2026-1187', invoiceDate: '2026-11-10', transportNumbers: ['90-BK-512'], lines: [line('Noutbuk Lenovo ThinkPad E14', 'ədəd', 2, 145000), line('Siçan Logitech M185', 'ədəd', 5, 2500)] },
    },
    { vendorTin: '1400123451', ageDays: 6, steps: ['submit', 'keeper', 'director'], input: { number: 'KM-2026-1201', invoiceDate: '2026-11-16', lines: [line('Кабель UTP Cat6 (305 m)', 'qutu', 3, 18900)] } },
    { vendorTin: '1400123452', ageDays: 9, steps: ['submit', 'keeper', 'director', 'take'], input: { number: 'OT-2026-0305', invoiceDate: '2026-11-12', lines: [line('Toner kartuş Canon 057', 'ədəd', 6, 11200), line('Zərf A4 (50 ədəd)', 'paket', 12, 850, 0)] } },
    { vendorTin: '1400123452', ageDays: 20, steps: flow, paidDate: `${year}-11-12`, input: { number: 'OT-2026-0298', invoiceDate: '2026-11-05', lines: [line('A4 kağız (500 vərəq)', 'qutu', 50, 1250)] } },
    { vendorTin: '1400123453', ageDays: 250, steps: flow, paidDate: `${year}-03-14`, input: { number: 'BE-5400', invoiceDate: `${year}-03-02`, lines: [line('Proyektor Epson EB-E01', 'ədəd', 1, 89900)] } },
    { vendorTin: '1400123451', ageDays: 160, steps: flow, paidDate: `${year}-06-20`, input: { number: 'KM-2026-0950', invoiceDate: `${year}-06-10`, lines: [line('Server RAM 32 GB DDR4', 'ədəd', 4, 21500), line('SSD Samsung 1 TB', 'ədəd', 4, 17990)] } },
    { vendorTin: '1400123452', ageDays: 80, steps: flow, paidDate: `${year}-09-05`, input: { number: 'OT-2026-0201', invoiceDate: `${year}-08-28`, lines: [line('Ofis kreslosu', 'ədəd', 8, 23900)] } },
    { vendorTin: '1400123453', ageDays: 12, steps: ['submit', 'keeper', 'rejectByDirector'], input: { number: 'BE-5502', invoiceDate: '2026-11-08', lines: [line('Planşet Samsung Galaxy Tab A9', 'ədəd', 3, 45900)] } },
    { vendorTin: '1400123451', ageDays: 10, steps: ['submit', 'returnByKeeper'], input: { number: 'KM-2026-1150', invoiceDate: '2026-11-07', lines: [line('Klaviatura Logitech K120', 'ədəd', 10, 1990)] } },
    { vendorTin: '1400123452', ageDays: 30, steps: ['cancel'], input: { number: 'OT-2026-0290', invoiceDate: '2026-10-24', lines: [line('Marker dəsti', 'paket', 20, 650)] } },
  ];
}

/** Seeds the demo invoices (see the module comment). */
export async function seedFinance(tx: Db, now = new Date()): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(vendorInvoices);
  if ((existing?.n ?? 0) > 0) return;
  const people = await tx
    .select({ id: users.id, email: users.email, userTypeId: users.userTypeId })
    .from(users)
    .where(inArray(users.email, ['clerk@servicedesk.az', 'warehouse@servicedesk.az', 'director@servicedesk.az', 'accountant@servicedesk.az']));
  const as = (email: string): AuthUser | undefined => people.find((p) => p.email === email);
  const clerk = as('clerk@servicedesk.az');
  const keeper = as('warehouse@servicedesk.az');
  const director = as('director@servicedesk.az');
  const accountant = as('accountant@servicedesk.az');
  if (!clerk || !keeper || !director || !accountant) return;
  const vendors = new Map((await tx.select({ id: modalElements.id, tin: modalElements.tin }).from(modalElements).where(eq(modalElements.kind, 'vendor'))).map((v) => [v.tin, v.id]));
  const [{ maxId } = { maxId: 0 }] = await tx.select({ maxId: sql<number>`coalesce(max(${notifications.id}), 0)::int` }).from(notifications);

  // The app's services on the seed's transaction (nested transactions become savepoints); no hub.
  service.registerFinance();
  const deps = { db: tx } as unknown as AppDeps;
  for (const seed of invoiceSeeds(now.getUTCFullYear())) {
    const vendorId = vendors.get(seed.vendorTin);
    if (!vendorId) continue;
    let at = D(seed.ageDays, now);
    const next = () => (at = new Date(at.getTime() + 3 * 3600 * 1000));
    const detail = await service.saveInvoice(deps, clerk, saveVendorInvoiceInput.parse({ ...seed.input, vendorId }), at);
    const id = detail.invoice.id;
    for (const step of seed.steps) {
      switch (step) {
        case 'submit':
          await service.nextProcess(deps, clerk, id, { action: 'submit' }, next());
          break;
        case 'keeper':
          await service.nextProcess(deps, keeper, id, { action: 'approve' }, next());
          break;
        case 'director':
          await service.nextProcess(deps, director, id, { action: 'approve', comment: 'Təsdiq edirəm' }, next());
          break;
        case 'take':
          await service.take(deps, accountant, id, next());
          break;
        case 'paid':
          await service.post(deps, accountant, id, { paidDate: seed.paidDate ?? next().toISOString().slice(0, 10), paymentReference: `PP-${seed.input.number}` }, next());
          break;
        case 'rejectByDirector':
          await service.nextProcess(deps, director, id, { action: 'reject', comment: 'Büdcədə bu xərc nəzərdə tutulmayıb' }, next());
          break;
        case 'returnByKeeper':
          await service.nextProcess(deps, keeper, id, { action: 'return', comment: 'Çatdırılma natamamdır: 2 ədəd əskikdir' }, next());
          break;
        case 'cancel':
          await service.nextProcess(deps, clerk, id, { action: 'cancel', comment: 'Səhv vendor seçilib' }, next());
          break;
        default:
      }
    }
  }
  await tx.delete(notifications).where(and(gt(notifications.id, maxId), like(notifications.redirectUrl, '/home/finance/%')));
}
