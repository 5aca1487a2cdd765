import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

const server = mockServerForFile();

const actions = () => screen.findByRole('group', { name: 'Actions' });

describe('vendor invoice page', () => {
  it('the keeper confirms the delivery with the quantities that arrived; the invoice moves to the director', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/nextProcess')) void request.clone().json().then((b) => bodies.push(b));
    });
    const user = userEvent.setup();
    renderApp('/home/finance/vendor-invoices/2');
    expect(await screen.findByTestId('invoice-status')).toHaveTextContent('Warehouse check');
    await user.click(within(await actions()).getByRole('button', { name: 'Confirm delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the delivery' });
    const laptop = within(dialog).getByRole('textbox', { name: /Noutbuk/ });
    expect(laptop).toHaveValue('2');
    await user.clear(laptop);
    await user.type(laptop, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText("Director's approval", { selector: '[data-testid="invoice-status"] *' })).toBeInTheDocument();
    expect(bodies).toEqual([{ action: 'approve', received: [{ lineId: 21, quantity: 1 }, { lineId: 22, quantity: 5 }] }]);
  });

  it('an accountant takes an invoice from the pool, then posts it with the payment: Paid', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/finance/vendor-invoices/3');
    expect(await screen.findByTestId('invoice-status')).toHaveTextContent('Accounting pool');
    expect(within(await actions()).queryByRole('button', { name: 'Post as paid' })).toBeNull();
    await user.click(within(await actions()).getByRole('button', { name: 'Take' }));
    await user.click(await within(await actions()).findByRole('button', { name: 'Post as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post as paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Post as paid' }));
    expect(within(dialog).getByRole('textbox', { name: /Payment reference/ })).toHaveAccessibleDescription('Required');
    await user.type(within(dialog).getByRole('textbox', { name: /Payment reference/ }), 'PP-42');
    await user.click(within(dialog).getByRole('button', { name: 'Post as paid' }));
    expect(await screen.findByText(/reference PP-42/)).toBeInTheDocument();
    expect(screen.getByTestId('invoice-status')).toHaveTextContent('Paid');
  });

  it('a reject needs a comment of 10 characters before anything is sent', async () => {
    signIn();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void (request.url.endsWith('/nextProcess') && sent.push(request.url)));
    const user = userEvent.setup();
    renderApp('/home/finance/vendor-invoices/2');
    await user.click(within(await actions()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the invoice' });
    await user.type(within(dialog).getByRole('textbox'), 'qısa');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('At least 10 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
