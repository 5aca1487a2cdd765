import { inArray } from 'drizzle-orm';
import type { ContractRenewal, ContractStatus } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { contracts, modalElements, users } from '../../db/schema';
import { decide, openApproval, submitInTx, cancelInTx } from '../../lib/approvals/engine';
import { appendHistory } from '../../lib/records/history';
import { addWatchers } from '../../lib/records/watchers';
import type { AppDeps, AuthUser } from '../../types';
import { ensureContractApproval } from './contracts.approval';
import { addDays, bakuToday } from './contracts.dates';
import { CONTRACT_RECORD_KIND, contractUrl } from './contracts.kind';
import * as repo from './contracts.repository';
import { createNextTerm } from './contracts.service';

/*
 * Demo contracts (DOMAIN.md "Demo data", issue #14): every status — DRAFT, IN_APPROVAL at the visa
 * and at the lawyer stage, RETURNED, CANCELLED, ACTIVE (some ending within 30 days), EXPIRED with
 * its renewal, DEACTIVATED — in the demo's languages, taken through the same approval engine as the
 * app (so their history and "my approvals" are real). Written only while there are none.
 */

interface Spec {
  subject: string;
  counterparty: string;
  amountMinor: number;
  currency: 'AZN' | 'USD' | 'EUR' | 'TRY' | 'RUB';
  /** Start and end relative to today (days). */
  start: number;
  end: number;
  noticeDays: number;
  renewal: ContractRenewal;
  renewalMonths?: number;
  author: string;
  responsible: string;
  /** How far through the chain: 'draft' | 'visa' (submitted) | 'lawyer' (visas done) | 'returned' | 'cancelled' | 'registered'. */
  upTo: 'draft' | 'visa' | 'lawyer' | 'returned' | 'cancelled' | 'registered';
  /** After registration: the end passed (EXPIRED, optionally renewed) or deactivated. */
  then?: 'expired' | 'expiredRenewed' | 'deactivated';
}

const SPECS: Spec[] = [
  {
    subject: 'Ofis kompüterlərinin təchizatı',
    counterparty: 'Kompüter Mərkəzi MMC',
    amountMinor: 4_850_000,
    currency: 'AZN',
    start: -340,
    end: 12,
    noticeDays: 30,
    renewal: 'agreement',
    author: 'accountant@servicedesk.az',
    responsible: 'accountant@servicedesk.az',
    upTo: 'registered',
  },
  {
    subject: 'Office cleaning services',
    counterparty: 'Təmir Servis MMC',
    amountMinor: 1_200_000,
    currency: 'AZN',
    start: -300,
    end: 25,
    noticeDays: 14,
    renewal: 'automatic',
    renewalMonths: 12,
    author: 'director@servicedesk.az',
    responsible: 'accountant@servicedesk.az',
    upTo: 'registered',
  },
  {
    subject: 'Поставка канцелярских товаров',
    counterparty: 'Ofis Təchizat ASC',
    amountMinor: 350_000,
    currency: 'USD',
    start: -30,
    end: 335,
    noticeDays: 60,
    renewal: 'none',
    author: 'accountant@servicedesk.az',
    responsible: 'director@servicedesk.az',
    upTo: 'registered',
  },
  {
    subject: 'Bina təmiri işləri',
    counterparty: 'Abşeron Tikinti MMC',
    amountMinor: 25_000_000,
    currency: 'AZN',
    start: -400,
    end: -20,
    noticeDays: 30,
    renewal: 'agreement',
    author: 'director@servicedesk.az',
    responsible: 'director@servicedesk.az',
    upTo: 'registered',
    then: 'expiredRenewed',
  },
  {
    subject: 'Yazıcı kartriclərinin servisi',
    counterparty: 'Baku Electronics',
    amountMinor: 180_000,
    currency: 'AZN',
    start: -200,
    end: -5,
    noticeDays: 10,
    renewal: 'none',
    author: 'accountant@servicedesk.az',
    responsible: 'accountant@servicedesk.az',
    upTo: 'registered',
    then: 'expired',
  },
  {
    subject: 'Güvenlik kamerası bakım sözleşmesi',
    counterparty: 'Baku Electronics',
    amountMinor: 960_000,
    currency: 'TRY',
    start: -100,
    end: 265,
    noticeDays: 30,
    renewal: 'none',
    author: 'director@servicedesk.az',
    responsible: 'director@servicedesk.az',
    upTo: 'registered',
    then: 'deactivated',
  },
  {
    subject: 'Server otağının kondisionerləri',
    counterparty: 'Kompüter Mərkəzi MMC',
    amountMinor: 1_540_000,
    currency: 'AZN',
    start: 10,
    end: 375,
    noticeDays: 30,
    renewal: 'none',
    author: 'accountant@servicedesk.az',
    responsible: 'accountant@servicedesk.az',
    upTo: 'draft',
  },
  {
    subject: 'Software licences (annual)',
    counterparty: 'Kompüter Mərkəzi MMC',
    amountMinor: 2_400_000,
    currency: 'EUR',
    start: 5,
    end: 370,
    noticeDays: 45,
    renewal: 'automatic',
    renewalMonths: 12,
    author: 'accountant@servicedesk.az',
    responsible: 'director@servicedesk.az',
    upTo: 'visa',
  },
  {
    subject: 'Anbar rəflərinin quraşdırılması',
    counterparty: 'Abşeron Tikinti MMC',
    amountMinor: 780_000,
    currency: 'AZN',
    start: 15,
    end: 200,
    noticeDays: 15,
    renewal: 'none',
    author: 'accountant@servicedesk.az',
    responsible: 'warehouse@servicedesk.az',
    upTo: 'lawyer',
  },
  {
    subject: 'Техническое обслуживание лифтов',
    counterparty: 'Təmir Servis MMC',
    amountMinor: 640_000,
    currency: 'RUB',
    start: 20,
    end: 385,
    noticeDays: 30,
    renewal: 'agreement',
    author: 'accountant@servicedesk.az',
    responsible: 'accountant@servicedesk.az',
    upTo: 'returned',
  },
  {
    subject: 'Kuryer xidmətləri',
    counterparty: 'Ofis Təchizat ASC',
    amountMinor: 90_000,
    currency: 'AZN',
    start: 0,
    end: 180,
    noticeDays: 7,
    renewal: 'none',
    author: 'director@servicedesk.az',
    responsible: 'director@servicedesk.az',
    upTo: 'cancelled',
  },
];

const REVIEWERS = ['visapool@servicedesk.az', 'director@servicedesk.az'];

/** Writes the demo contracts while there are none (inside the seed's transaction; fast: ~11 records). */
export async function seedContracts(tx: Db, now = new Date()): Promise<void> {
  const [any] = await tx.select({ id: contracts.id }).from(contracts).limit(1);
  if (any) return;
  const people = await tx
    .select({ id: users.id, email: users.email, userTypeId: users.userTypeId })
    .from(users);
  const byEmail = new Map(people.map((p) => [p.email, p as AuthUser]));
  const counterparties = await tx
    .select({ id: modalElements.id, name: modalElements.name })
    .from(modalElements)
    .where(inArray(modalElements.kind, ['vendor', 'contractor']));
  const byName = new Map(counterparties.map((c) => [c.name, c.id]));
  const lawyer = byEmail.get('lawyer@servicedesk.az');
  const clerk = byEmail.get('clerk@servicedesk.az');
  if (!lawyer || !clerk || counterparties.length === 0) return;
  ensureContractApproval();
  // The engine's decide() opens its own (nested) transactions on deps.db: here, the seed's.
  const deps = { db: tx } as unknown as AppDeps;
  const today = bakuToday(now);

  for (const [index, spec] of SPECS.entries()) {
    const author = byEmail.get(spec.author);
    const responsible = byEmail.get(spec.responsible);
    const counterpartyId = byName.get(spec.counterparty);
    if (!author || !responsible || counterpartyId === undefined) continue;
    const reviewers = REVIEWERS.map((e) => byEmail.get(e)).filter(
      (u): u is AuthUser => u !== undefined && u.id !== author.id,
    );
    const created = new Date(now.getTime() - (SPECS.length - index) * 3_600_000);
    const row = await repo.insertContract(tx, {
      counterpartyId,
      subject: spec.subject,
      amountMinor: spec.amountMinor,
      currency: spec.currency,
      startDate: addDays(today, spec.start),
      endDate: addDays(today, spec.end),
      noticeDays: spec.noticeDays,
      renewal: spec.renewal,
      renewalMonths: spec.renewalMonths ?? null,
      responsibleId: responsible.id,
      authorId: author.id,
      reviewerIds: reviewers.map((r) => r.id),
      tagIds: [],
      status: 'DRAFT' satisfies ContractStatus,
      createdAt: created,
      updatedAt: created,
    });
    await appendHistory(tx, [
      {
        recordKind: CONTRACT_RECORD_KIND,
        recordId: row.id,
        action: 'create',
        toStatus: 'DRAFT',
        actorId: author.id,
        createdAt: created,
      },
    ]);
    await openApproval(tx, {
      recordKind: CONTRACT_RECORD_KIND,
      recordId: row.id,
      authorId: author.id,
      title: row.subject,
      url: contractUrl(row.id),
      now: created,
    });
    await addWatchers(tx, CONTRACT_RECORD_KIND, row.id, row.reviewerIds, author.id);
    if (spec.upTo === 'draft') continue;
    if (spec.upTo === 'cancelled') {
      await cancelInTx(tx, author, CONTRACT_RECORD_KIND, row.id, null, created);
      continue;
    }
    await submitInTx(tx, author, CONTRACT_RECORD_KIND, row.id, created);
    if (spec.upTo === 'visa') continue;
    for (const reviewer of reviewers)
      await decide(deps, reviewer, CONTRACT_RECORD_KIND, row.id, 'approve', undefined, created);
    if (spec.upTo === 'lawyer') continue;
    if (spec.upTo === 'returned') {
      await decide(
        deps,
        lawyer,
        CONTRACT_RECORD_KIND,
        row.id,
        'return',
        'Cərimə bəndini dəqiqləşdirin, zəhmət olmasa.',
        created,
      );
      continue;
    }
    await decide(deps, lawyer, CONTRACT_RECORD_KIND, row.id, 'approve', undefined, created);
    await decide(deps, clerk, CONTRACT_RECORD_KIND, row.id, 'approve', undefined, created);
    if (spec.then === 'deactivated') {
      await repo.updateContract(tx, row.id, {
        status: 'DEACTIVATED',
        deactivationReason: 'Xidmət keyfiyyəti tələblərə cavab vermir.',
        deactivatedAt: created,
        updatedAt: created,
      });
      await appendHistory(tx, [
        {
          recordKind: CONTRACT_RECORD_KIND,
          recordId: row.id,
          action: 'deactivate',
          fromStatus: 'ACTIVE',
          toStatus: 'DEACTIVATED',
          actorId: lawyer.id,
          comment: 'Xidmət keyfiyyəti tələblərə cavab vermir.',
          createdAt: created,
        },
      ]);
    }
    if (spec.then === 'expired' || spec.then === 'expiredRenewed') {
      const expired = await repo.updateContract(tx, row.id, {
        status: 'EXPIRED',
        updatedAt: created,
      });
      await appendHistory(tx, [
        {
          recordKind: CONTRACT_RECORD_KIND,
          recordId: row.id,
          action: 'expire',
          fromStatus: 'ACTIVE',
          toStatus: 'EXPIRED',
          details: { endDate: row.endDate },
          createdAt: created,
        },
      ]);
      if (spec.then === 'expiredRenewed')
        await createNextTerm(tx, expired, author.id, false, created);
    }
  }
}
