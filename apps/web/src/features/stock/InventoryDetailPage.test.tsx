import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/mock-utils';
import { inventoriesFixture } from '@servicedesk/api/stock/stock.fixtures';
import { toast } from '@servicedesk/ui/Toast';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });
const server = mockServerForFile();
afterEach(() => vi.restoreAllMocks());

/** Inventory 2 (assigned to Rəşad Əliyev) and its action endpoint; returns the actions sent. */
function assignedInventory() {
  const assigned = inventoriesFixture.find((i) => i.status === 'assigned')!;
  const sent: unknown[] = [];
  server.use(
    // A keeper who may update inventories.
    http.post(apiPath('/global/getMenuPermissions'), () =>
      HttpResponse.json([
        { key: 'inventory.inventories.update', isChecked: true },
        { key: 'inventory.inventories.writeOff', isChecked: true },
      ]),
    ),
    http.get(apiPath(`/stock/inventories/${assigned.id}`), () => HttpResponse.json({ inventory: assigned, history: [] })),
    http.post(apiPath(`/stock/inventories/${assigned.id}/action`), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ inventory: { ...assigned, status: 'inStock', holder: null }, history: [] });
    }),
  );
  return { assigned, sent };
}

describe('inventory actions ask first and say what happened', () => {
  it('take back: Cancel does nothing; Confirm sends once and a toast says it was taken back', async () => {
    signIn();
    const { assigned, sent } = assignedInventory();
    const shown = vi.spyOn(toast, 'show');
    const user = userEvent.setup();
    renderApp(`/home/inventory/inventories/${assigned.id}`);
    await waitFor(() => expect(document.querySelector('main')?.textContent?.slice(0, 400)).toContain('Take back'), { timeout: 20_000 });
    const takeBack = screen.getByRole('button', { name: 'Take back' });

    await user.click(takeBack);
    let dialog = await screen.findByRole('alertdialog', { name: `Take back ${assigned.inventoryNumber}?` });
    expect(dialog).toHaveTextContent(`${assigned.inventoryNumber} goes back to the warehouse from ${assigned.holder!.name}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Take back' }));
    dialog = await screen.findByRole('alertdialog', { name: `Take back ${assigned.inventoryNumber}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'takeBack' }]));
    await waitFor(() => expect(shown).toHaveBeenCalledWith({ title: `${assigned.inventoryNumber} was taken back.`, variant: 'success' }));
  });
});
