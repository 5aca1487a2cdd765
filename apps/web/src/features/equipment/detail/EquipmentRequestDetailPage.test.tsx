import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  approvalState,
  equipmentReference,
  equipmentRequestDetail,
  type EquipmentRequestDetail,
} from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { createFakeHub, fakeHubs } from '../../../../test/fake-hub';

/*
 * The request page against inline mocks parsed by the contracts: a request over its budget line
 * waiting for the director (the caller), and the same request APPROVED for the warehouse keeper.
 */

const server = mockServerForFile();

const person = (id: number, name: string) => ({ id, name, imgPath: null });
const budget = {
  id: 5,
  groupId: 4,
  groupName: 'Hüquq',
  year: 2026,
  category: 'officeSupplies' as const,
  currency: 'AZN',
  planned: 200_000,
  consumedByRequests: 0,
  consumedByOthers: 0,
  remaining: 200_000,
};
const line = (
  id: number,
  position: number,
  description: string,
  quantity: number,
  unitPrice: number,
  materialId: number | null,
) => ({
  id,
  position,
  materialId,
  material: materialId ? { id: materialId, code: 'PP-A4', name: description } : null,
  description,
  quantity,
  unit: 'pcs',
  unitPrice,
  total: quantity * unitPrice,
  decision: null,
  decisionNote: null,
  decidedBy: null,
  decidedAt: null,
  warehouseName: null,
  stockOperation: null,
  state: 'pending',
  receiptOperation: null,
  receivedAt: null,
});

function detail(
  status: 'IN_APPROVAL' | 'APPROVED',
  allowedActions: EquipmentRequestDetail['allowedActions'],
): EquipmentRequestDetail {
  return equipmentRequestDetail.parse({
    request: {
      id: 12,
      number: 'INV-2026-000012',
      status,
      requester: person(3, 'Rəşad Əliyev'),
      createdBy: person(3, 'Rəşad Əliyev'),
      groupId: null,
      groupName: null,
      budget,
      justification: 'Arxiv üçün kağız və laminator.',
      currency: 'AZN',
      total: 270_000,
      lines: [line(1, 1, 'A4 kağız', 2, 60_000, 9), line(2, 2, 'Laminator A3', 1, 150_000, null)],
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
      submittedAt: '2026-11-24T10:00:00.000Z',
      processedAt: null,
      awaitingPurchase: false,
    },
    budgetCheck: { budgetId: 5, remaining: 200_000, requested: 270_000, overBudget: true },
    history: [],
    comments: [],
    attachments: [],
    allowedActions,
  });
}

const chain = (pendingPosition: number, allowed: boolean) =>
  approvalState.parse({
    recordKind: 'equipmentRequest',
    recordId: 12,
    title: 'A4 kağız (+1)',
    number: 'INV-2026-000012',
    url: '/home/inventory/requests/12',
    status: 'IN_APPROVAL',
    round: 1,
    author: { id: 3, name: 'Rəşad Əliyev' },
    steps: [1, 2].map((position) => ({
      id: position,
      position,
      role: position === 1 ? 'director' : 'visaPool',
      mode: 'any',
      status:
        position === pendingPosition
          ? 'PENDING'
          : position < pendingPosition
            ? 'APPROVED'
            : 'WAITING',
      approvers: [
        {
          approver: {
            id: 4 + position,
            name: position === 1 ? 'Tural Həsənov' : 'Nərmin İsmayılova',
          },
          decision: null,
          decidedBy: null,
          decidedAt: null,
          comment: null,
        },
      ],
    })),
    allowedDecisions: allowed ? ['approve', 'reject', 'return'] : [],
    onBehalfOf: null,
    updatedAt: '2026-11-24T10:00:00.000Z',
  });

const reference = equipmentReference.parse({
  budgets: [budget],
  units: [{ code: 'pcs', name: 'piece' }],
  people: [],
  mayRequestOnBehalf: false,
  warehouses: [{ id: 1, name: 'Mərkəzi anbar', keeperId: 1 }],
});

function serve(d: EquipmentRequestDetail, pending: number, allowed: boolean, sent: unknown[]) {
  server.use(
    http.get(apiPath('/equipment/requests/12'), () => HttpResponse.json(d)),
    http.get(apiPath('/equipment/reference'), () => HttpResponse.json(reference)),
    http.get(apiPath('/approvals/record/equipmentRequest/12'), () =>
      HttpResponse.json(chain(pending, allowed)),
    ),
    http.post(apiPath('/equipment/requests/12/directorCallback'), async ({ request }) => {
      const body = (await request.json()) as { overrideBudget?: boolean };
      sent.push(body);
      if (!body.overrideBudget)
        return HttpResponse.json(
          { message: 'Over budget', code: 'budgetExceeded' },
          { status: 422 },
        );
      return HttpResponse.json(d);
    }),
    http.post(apiPath('/equipment/processing/12/lines'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(d);
    }),
  );
}

async function open() {
  signIn();
  renderApp('/home/inventory/requests/12');
  await screen.findByRole('heading', { level: 1, name: 'A4 kağız' });
}

describe('the equipment request page', () => {
  it('shows the director the budget warning and sends the approval with the override only when ticked', async () => {
    const sent: unknown[] = [];
    serve(detail('IN_APPROVAL', ['decide']), 1, true, sent);
    await open();
    expect(screen.getByTestId('budget-check')).toHaveTextContent('Over budget');
    const bar = await screen.findByRole('group', { name: 'Your decision' });
    const user = userEvent.setup();
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    expect(
      await within(bar).findByText(
        'The request exceeds what its budget line has left: approve it with an explicit budget override.',
      ),
    ).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', { name: 'I approve this request over budget (override)' }),
    );
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { decision: 'approve', overrideBudget: false },
      { decision: 'approve', overrideBudget: true },
    ]);
  });

  it('joins the request over the hub and shows who is viewing it now (record presence)', async () => {
    const hub = createFakeHub();
    fakeHubs.next = hub;
    serve(detail('IN_APPROVAL', ['decide']), 1, true, []);
    await open();
    await waitFor(() => expect(hub.invoked).toContainEqual({ method: 'JoinRecord', args: ['equipmentRequest', 12] }));
    act(() => hub.emit('RecordViewers', 'equipmentRequest', 12, [2, 3]));
    expect(await screen.findByRole('list', { name: 'Viewing now: Rəşad Əliyev, Günel Həsənova' })).toBeInTheDocument();
    // Another record's viewers change nothing here.
    act(() => hub.emit('RecordViewers', 'contract', 12, [1]));
    expect(screen.getByRole('list', { name: 'Viewing now: Rəşad Əliyev, Günel Həsənova' })).toBeInTheDocument();
  });

  it('offers the visa pool no override (the budget is the director’s step)', async () => {
    serve(detail('IN_APPROVAL', ['decide']), 2, true, []);
    await open();
    await screen.findByRole('group', { name: 'Your decision' });
    expect(
      screen.queryByRole('checkbox', { name: 'I approve this request over budget (override)' }),
    ).toBeNull();
  });

  it('lets the warehouse keeper issue a catalogue line from the chosen warehouse; a free-text line first needs its material', async () => {
    const sent: unknown[] = [];
    serve(detail('APPROVED', ['process']), 0, false, sent);
    await open();
    const first = await screen.findByRole('group', { name: 'Handle item 1' });
    const second = screen.getByRole('group', { name: 'Handle item 2' });
    expect(within(second).getByRole('button', { name: 'Issue from stock' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Issue from stock' }));
    await waitFor(() =>
      expect(sent).toEqual([{ lines: [{ lineId: 1, decision: 'issue', warehouseId: 1 }] }]),
    );
    await user.click(within(second).getByRole('button', { name: 'Mark for purchase' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ lines: [{ lineId: 2, decision: 'purchase' }] });
  });
});
