import { http, HttpResponse } from 'msw';
import {
  contractDeactivateInput,
  contractDecisionInput,
  contractDetail,
  contractListQuery,
  contractListResponse,
  contractRejectInput,
  saveContractInput,
  type Contract,
  type ContractDetail,
  type ContractReference,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';

/*
 * MSW handlers of /api/contracts (issue #14) for Storybook and the web tests: an in-memory list
 * with the server's TIN rule (a TIN of another counterparty: 409 duplicateTin naming it) and the
 * chain's steps as the server takes them (visa → lawyer → clerk; lawyerReject needs ≥ 10
 * characters). The people are the demo ones.
 */

const person = (id: number, name: string) => ({ id, name, imgPath: null });
const PEOPLE = [
  person(1, 'Aysel Məmmədova'),
  person(5, 'Tural Həsənov'),
  person(6, 'Nərmin İsmayılova'),
  person(9, 'Kamran Nəsirov'),
];

/** The form's pick lists. */
export const contractReferenceFixture: ContractReference = {
  reviewers: [PEOPLE[1]!, PEOPLE[2]!],
  people: PEOPLE,
  counterparties: [
    { id: 101, kind: 'vendor', name: 'Kompüter Mərkəzi MMC', tin: '1400123451' },
    { id: 104, kind: 'contractor', name: 'Abşeron Tikinti MMC', tin: '1500123451' },
  ],
  currencies: ['AZN', 'USD', 'EUR', 'TRY', 'RUB'],
};

/** A contract waiting for the lawyer (visas given). */
export function contractFixture(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 7,
    number: null,
    status: 'IN_APPROVAL',
    stage: 'lawyer',
    counterparty: { id: 101, kind: 'vendor', name: 'Kompüter Mərkəzi MMC', tin: '1400123451' },
    subject: 'Ofis kompüterlərinin təchizatı',
    amountMinor: 4_850_000,
    currency: 'AZN',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    noticeDays: 30,
    renewal: 'none',
    renewalMonths: null,
    responsible: PEOPLE[3]!,
    author: PEOPLE[3]!,
    reviewers: [PEOPLE[1]!, PEOPLE[2]!],
    tagIds: [],
    noticeDate: '2026-12-01',
    endReminderDate: '2026-12-01',
    deactivationReason: null,
    registeredAt: null,
    previousId: null,
    nextId: null,
    term: 1,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

/** Fresh in-memory handlers. */
export function createContractsHandlers() {
  const details = new Map<number, ContractDetail>([
    [
      7,
      contractDetail.parse({
        contract: contractFixture(),
        history: [],
        attachments: [],
        terms: [],
        allowedActions: ['lawyerCallback', 'lawyerReject'],
      }),
    ],
  ]);
  let nextId = 100;
  const counterparties = [...contractReferenceFixture.counterparties];

  return [
    http.get(apiPath('/contracts/reference'), () =>
      HttpResponse.json({ ...contractReferenceFixture, counterparties }),
    ),
    http.get(apiPath('/contracts/dashboard'), () => HttpResponse.json({ endingSoon: 2, days: 30 })),
    http.get(apiPath('/contracts/checkTin'), ({ request }) => {
      const tin = new URL(request.url).searchParams.get('tin') ?? '';
      const holder = counterparties.find((c) => c.tin === tin);
      return HttpResponse.json({
        tin,
        valid: /^\d{10}$/.test(tin),
        holder: holder
          ? { id: holder.id, kind: holder.kind, name: holder.name, isActive: true }
          : null,
      });
    }),
    http.post(apiPath('/contracts/grid'), async ({ request }) => {
      const parsed = contractListQuery.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const rows = [...details.values()].map(({ contract: c }) => ({
        id: c.id,
        number: c.number,
        status: c.status,
        subject: c.subject,
        counterpartyId: c.counterparty.id,
        counterpartyName: c.counterparty.name,
        counterpartyTin: c.counterparty.tin,
        amountMinor: c.amountMinor,
        currency: c.currency,
        startDate: c.startDate,
        endDate: c.endDate,
        responsibleName: c.responsible.name,
        authorName: c.author.name,
        term: c.term,
        createdAt: c.createdAt,
      }));
      const kept = rows.filter(
        (r) => !parsed.data.status?.length || parsed.data.status.includes(r.status),
      );
      return HttpResponse.json(
        contractListResponse.parse({ rows: kept, total: kept.length, totalCapped: false }),
      );
    }),
    http.post(apiPath('/contracts/save'), async ({ request }) => {
      const parsed = saveContractInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const input = parsed.data;
      let counterparty = counterparties.find((c) => c.id === input.counterpartyId);
      if (input.newCounterparty) {
        const holder = counterparties.find((c) => c.tin === input.newCounterparty!.tin);
        if (holder)
          return errorResponse(
            409,
            'duplicateTin',
            `The TIN already belongs to "${holder.name}".`,
            { id: holder.id, modalElement: holder.kind, name: holder.name },
          );
        counterparty = {
          id: nextId++,
          kind: input.newCounterparty.kind,
          name: input.newCounterparty.name,
          tin: input.newCounterparty.tin,
        };
        counterparties.push(counterparty);
      }
      if (!counterparty)
        return errorResponse(422, 'unknownCounterparty', 'Choose an active vendor or contractor.');
      const id = input.id ?? nextId++;
      const contract = contractFixture({
        id,
        status: 'DRAFT',
        stage: null,
        counterparty,
        subject: input.subject,
        amountMinor: input.amountMinor,
        currency: input.currency,
        startDate: input.startDate,
        endDate: input.endDate,
        reviewers: PEOPLE.filter((p) => input.reviewerIds.includes(p.id)),
      });
      const detail = contractDetail.parse({
        contract,
        history: [],
        attachments: [],
        terms: [],
        allowedActions: ['edit', 'submit', 'cancel'],
      });
      details.set(id, detail);
      return HttpResponse.json(detail);
    }),
    http.get(apiPath('/contracts/:id'), ({ params }) => {
      const detail = details.get(Number(params.id));
      return detail
        ? HttpResponse.json(detail)
        : errorResponse(404, 'notFound', 'No such contract.');
    }),
    http.post(apiPath('/contracts/:id/:call'), async ({ params, request }) => {
      const detail = details.get(Number(params.id));
      if (!detail) return errorResponse(404, 'notFound', 'No such contract.');
      const call = String(params.call);
      const body: unknown = await request.json().catch(() => ({}));
      const c = detail.contract;
      const put = (contract: Contract, allowedActions: ContractDetail['allowedActions']) => {
        const next = contractDetail.parse({
          ...detail,
          contract: { ...contract, updatedAt: new Date().toISOString() },
          allowedActions,
        });
        details.set(c.id, next);
        return HttpResponse.json(next);
      };
      switch (call) {
        case 'submit':
          return put({ ...c, status: 'IN_APPROVAL', stage: 'visa' }, []);
        case 'lawyerReject': {
          const parsed = contractRejectInput.safeParse(body);
          if (!parsed.success) return validationErrorResponse(parsed.error.issues);
          if (parsed.data.comment.length < 10)
            return errorResponse(
              422,
              'commentTooShort',
              'The comment must be at least 10 characters long.',
              { min: 10 },
            );
          return put({ ...c, status: 'RETURNED', stage: null }, []);
        }
        case 'lawyerCallback':
          contractDecisionInput.parse(body);
          return put({ ...c, stage: 'clerk' }, []);
        case 'clerkProcess':
          return put(
            {
              ...c,
              status: 'ACTIVE',
              stage: null,
              number: 'CT-2026-0001',
              registeredAt: new Date().toISOString(),
            },
            [],
          );
        case 'deactivate': {
          const parsed = contractDeactivateInput.safeParse(body);
          if (!parsed.success) return validationErrorResponse(parsed.error.issues);
          details.set(c.id, {
            ...detail,
            contract: { ...c, status: 'DEACTIVATED', deactivationReason: parsed.data.desc },
          });
          return HttpResponse.json({ ok: true });
        }
        default:
          return errorResponse(422, 'invalidTransition', `No ${call} here.`);
      }
    }),
  ];
}
