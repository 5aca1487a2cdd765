import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { myEquipmentItem, myEquipmentResponse, type MyEquipmentItem } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/mock-utils';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

const server = mockServerForFile();

const asset = (over: Partial<MyEquipmentItem> = {}): MyEquipmentItem =>
  myEquipmentItem.parse({
    id: 41,
    inventoryNumber: 'AST-000041',
    materialName: 'Monitor Dell P2423',
    serial: 'SN-1',
    status: 'assigned',
    since: '2026-12-01T09:00:00.000Z',
    request: { id: 7, number: 'INV-2026-000007' },
    issueOperationId: null,
    confirmedAt: null,
    returnRequestedAt: null,
    ...over,
  });

describe('my equipment page', () => {
  it('lists what is assigned to me and confirms the receipt of one asset', async () => {
    signIn();
    const posted: string[] = [];
    server.use(
      http.get(apiPath('/assets/mine'), () =>
        HttpResponse.json(myEquipmentResponse.parse({ items: [asset(), asset({ id: 42, inventoryNumber: 'AST-000042', confirmedAt: '2026-12-02T09:00:00.000Z' })] })),
      ),
      http.post(apiPath('/assets/:id/confirmReceipt'), ({ params }) => {
        posted.push(String(params.id));
        return HttpResponse.json(asset({ confirmedAt: '2026-12-03T09:00:00.000Z' }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/inventory/my-equipment');
    expect(await screen.findByRole('heading', { level: 1, name: 'My equipment' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('my-equipment-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'AST-000041' })).toHaveAttribute('href', '/home/inventory/inventories/41');
    expect(within(rows[0]!).getByRole('link', { name: 'INV-2026-000007' })).toHaveAttribute('href', '/home/inventory/requests/7');
    expect(within(rows[0]!).getByText('Not confirmed')).toBeInTheDocument();
    // The confirmed one offers no second confirmation.
    expect(within(rows[1]!).queryByRole('button', { name: 'Confirm receipt' })).not.toBeInTheDocument();
    const actions = within(rows[0]!).getByRole('group', { name: 'Actions for AST-000041' });
    await user.click(within(actions).getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText('Receipt of AST-000041 confirmed.')).toBeInTheDocument();
    expect(posted).toEqual(['41']);
  });

  it('says so when nothing is assigned', async () => {
    signIn();
    server.use(http.get(apiPath('/assets/mine'), () => HttpResponse.json({ items: [] })));
    renderApp('/home/inventory/my-equipment');
    expect(await screen.findByText('Nothing is assigned to you.')).toBeInTheDocument();
  });
});
