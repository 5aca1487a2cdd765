import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { equipmentReference } from '@servicedesk/contracts';
import { apiPath, errorResponse } from '@servicedesk/api/mock-utils';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });

/*
 * The request form against inline mocks: a budget line with 200 AZN left, the catalogue's
 * material search, and a save the server refuses (the body it was sent is kept).
 */

const server = mockServerForFile();

const reference = equipmentReference.parse({
  budgets: [
    {
      id: 5,
      groupId: 4,
      groupName: 'Hüquq',
      year: 2026,
      category: 'officeSupplies',
      currency: 'AZN',
      planned: 200_000,
      consumedByRequests: 0,
      consumedByOthers: 180_000,
      remaining: 20_000,
    },
  ],
  units: [
    { code: 'pcs', name: 'piece' },
    { code: 'pack', name: 'pack' },
  ],
  people: [],
  mayRequestOnBehalf: false,
  warehouses: [],
});

describe('equipment request form', () => {
  it('says what is missing, adds up the lines against the budget line, sends the request and shows the refusal', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(apiPath('/equipment/reference'), () => HttpResponse.json(reference)),
      http.post(apiPath('/equipment/requests/save'), async ({ request }) => {
        saved.push(await request.json());
        return errorResponse(422, 'budgetNotOwnGroup', 'Not your group');
      }),
    );
    signIn();
    const user = userEvent.setup();
    renderApp('/home/inventory/requests/new');
    const form = await screen.findByRole('form', { name: 'New equipment request' }, { timeout: 20_000 });

    // Submitting the empty form says what is missing and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Submit for approval' }));
    expect(await within(form).findByText('Explain the need in at least 10 characters.')).toBeInTheDocument();
    expect(within(form).getByText('Describe the item.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the budget line before submitting.')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.click(within(form).getByRole('button', { name: /Budget line/ }));
    await user.click(await screen.findByRole('option', { name: /Hüquq · 2026 · Office supplies/ }));
    await user.type(within(form).getByRole('textbox', { name: /Justification/ }), 'Paper for the archive');
    const first = within(form).getByRole('group', { name: 'Item 1' });
    await user.type(within(first).getByRole('textbox', { name: /^Item/ }), 'A4 paper');
    const quantity = within(first).getByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.clear(within(first).getByRole('textbox', { name: /Unit price/ }));
    await user.type(within(first).getByRole('textbox', { name: /Unit price/ }), '50');
    await user.tab();
    expect(screen.getByTestId('request-total')).toHaveTextContent('150');
    expect(within(form).getByRole('status')).toHaveTextContent('The budget line has');

    // A second item: the total goes over what the line has left; removing it brings it back.
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    const second = within(form).getByRole('group', { name: 'Item 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Item/ }), 'Laminator');
    await user.clear(within(second).getByRole('textbox', { name: /Unit price/ }));
    await user.type(within(second).getByRole('textbox', { name: /Unit price/ }), '100');
    await user.tab();
    expect(within(form).getByRole('status')).toHaveTextContent('This goes over the budget line');
    expect(within(form).getByRole('button', { name: 'Remove item 1' })).toBeEnabled();
    await user.click(within(form).getByRole('button', { name: 'Remove item 2' }));
    expect(within(form).queryByRole('group', { name: 'Item 2' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Remove item 1' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Submit for approval' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "A request is charged only to a budget line of its requester's own group.",
    );
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[0]).toEqual({
      budgetId: 5,
      justification: 'Paper for the archive',
      lines: [{ description: 'A4 paper', quantity: 3, unit: 'pcs', unitPrice: 5000 }],
      fileIds: [],
      submit: true,
    });
    expect(saved[1]).toMatchObject({ submit: false });
  });
});
