import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountPlan, CountSession } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/mock-utils';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });

const server = mockServerForFile();
beforeEach(() => localStorage.clear());

const keeper = { id: 1, name: 'Rəşad Əliyev', imgPath: null };
const unit = (id: number, inventoryNumber: string, extra: Partial<CountSession['found'][number]> = {}) => ({
  id,
  inventoryNumber,
  serial: null,
  materialId: 1,
  materialName: 'Noutbuk Dell Latitude 5440',
  status: 'inStock' as const,
  warehouseId: 1,
  warehouseName: 'Mərkəzi anbar',
  value: 150000,
  ...extra,
});

function session(): CountSession {
  return {
    id: 7,
    warehouseId: 1,
    warehouseName: 'Mərkəzi anbar',
    materialGroupId: null,
    materialGroupName: null,
    status: 'open',
    createdAt: '2026-12-01T08:00:00.000Z',
    createdBy: keeper,
    postedAt: null,
    postedBy: null,
    cancelledAt: null,
    operationIds: [],
    postedPlan: null,
    found: [unit(1, 'AST-000001', { serial: 'sn-001' })],
    missing: [unit(2, 'AST-000002')],
    misplaced: [unit(3, 'AST-000003', { warehouseName: 'Filial anbarı' })],
    outOfScope: [],
    unknown: ['ZZZ-1'],
    lines: [
      {
        materialId: 5,
        materialCode: 'PAP-A4',
        materialName: 'Kağız A4',
        unitCode: 'pack',
        bookQuantity: 10,
        countedQuantity: 8,
        difference: -2,
        value: -1200,
        countedBy: keeper,
        countedAt: '2026-12-01T08:10:00.000Z',
      },
    ],
    scans: [{ inventoryNumber: 'AST-000001', scannedBy: keeper, scannedAt: '2026-12-01T08:05:00.000Z' }],
  };
}

const plan: CountPlan = {
  figures: { writeOffs: 1, transfers: 1, adjustments: 1 },
  writeOffs: { items: [unit(2, 'AST-000002')], value: 150000 },
  transfers: { items: [unit(3, 'AST-000003')], value: 150000 },
  adjustments: { items: session().lines, value: -1200 },
  reasonRequired: true,
  reportedOnly: [],
};

describe('count page', () => {
  it('shows the count, adds a scanned number, and posts its plan with the reason and the figures confirmed', async () => {
    const scanned: unknown[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get(apiPath('/stock/counts/7'), () => HttpResponse.json(session())),
      http.get(apiPath('/stock/counts/7/plan'), () => HttpResponse.json(plan)),
      http.post(apiPath('/stock/counts/7/scan'), async ({ request }) => {
        scanned.push(await request.json());
        return HttpResponse.json(session());
      }),
      http.post(apiPath('/stock/counts/7/post'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ...session(), status: 'posted', operationIds: [41], postedPlan: plan.figures });
      }),
    );
    signIn();
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/counts/7');
    await screen.findByRole('heading', { level: 1, name: 'Count #7 · Mərkəzi anbar' }, { timeout: 20_000 });
    expect(screen.getByText(/Scope: The whole warehouse/)).toBeInTheDocument();
    expect(within(screen.getByTestId('count-found')).getByRole('link', { name: 'AST-000001' })).toBeInTheDocument();
    expect(screen.getByTestId('count-found')).toHaveTextContent('Found (1)AST-000001 — Noutbuk Dell Latitude 5440 · sn-001');
    expect(screen.getByTestId('count-misplaced')).toHaveTextContent('AST-000003 — Noutbuk Dell Latitude 5440 (Filial anbarı)');
    expect(screen.queryByTestId('count-outOfScope')).toBeNull();
    expect(screen.getByText('ZZZ-1')).toBeInTheDocument();
    expect(screen.getByTestId('count-lines')).toHaveTextContent('PAP-A4 — Kağız A4');
    expect(screen.getByTestId('count-scans')).toHaveTextContent('AST-000001 — Rəşad Əliyev');

    const field = screen.getByRole('textbox', { name: /Unit number or serial/ });
    await user.type(field, ' AST-000002 {Enter}');
    await waitFor(() => expect(scanned).toEqual([{ inventoryNumber: 'AST-000002' }]));
    await waitFor(() => expect(field).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Post…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post the count' });
    expect(within(dialog).getByTestId('count-plan')).toHaveTextContent('Posting writes: 1 write-offs');
    await user.type(within(dialog).getByRole('textbox'), 'Lost during the move');
    await user.click(within(dialog).getByRole('button', { name: 'Post 1 write-offs, 1 transfers, 1 adjustments' }));
    await waitFor(() => expect(posted).toEqual([{ reason: 'Lost during the move', expected: plan.figures }]));
  });

  it('lists the counts and starts one in the chosen warehouse', async () => {
    const started: unknown[] = [];
    server.use(
      http.post(apiPath('/stock/counts/grid'), () =>
        HttpResponse.json({ rows: [{ id: 7, warehouseId: 1, warehouseName: 'Mərkəzi anbar', materialGroupId: null, materialGroupName: null, status: 'posted', createdAt: '2026-12-01T08:00:00.000Z', createdBy: keeper, postedAt: null, scanCount: 3, lineCount: 1 }], total: 1 }),
      ),
      http.post(apiPath('/stock/counts'), async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(session());
      }),
      http.get(apiPath('/stock/counts/7'), () => HttpResponse.json(session())),
    );
    signIn();
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/counts');
    const table = await screen.findByRole('table', { name: 'Physical counts' }, { timeout: 20_000 });
    expect(await within(table).findByRole('link', { name: 'Count #7' })).toBeInTheDocument();
    expect(table).toHaveTextContent('Posted');
    await user.click(screen.getByRole('button', { name: /Warehouse/ }));
    await user.click(await screen.findByRole('option', { name: 'Mərkəzi anbar' }));
    await user.click(screen.getByRole('button', { name: 'Start the count' }));
    await screen.findByRole('heading', { level: 1, name: 'Count #7 · Mərkəzi anbar' });
    expect(started).toEqual([{ warehouseId: 1, materialGroupId: null }]);
  });
});
