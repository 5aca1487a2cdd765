import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { expectEmptyListTexts } from '../../../../test/empty-list-texts';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';
import { INVOICES_FILTERS_KEY } from './list-filters';

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());

const invoiceRows = () => screen.queryAllByRole('link', { name: /^VI-|^[A-Z]{2,}-\d/ });

describe('vendor invoices list', () => {
  it('its gross totals are amounts in manat: searched as shown ("3,569.50"), not as qəpik ("356950")', async () => {
    signIn();
    renderApp('/home/finance/vendor-invoices');
    const grid = await screen.findByRole('grid', { name: 'Vendor invoices' });
    await waitFor(() => expect(invoiceRows().length).toBeGreaterThan(0));
    const shown = invoiceRows().length;
    expect(within(grid).getAllByText(/3,569\.50/).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, '3,569.50');
    await waitFor(() => expect(invoiceRows()).toHaveLength(shown));
    await user.clear(search);
    await user.type(search, '356950');
    await waitFor(() => expect(invoiceRows()).toHaveLength(0));
  });

  it('an empty list says nothing matches while the status filter is set, "nothing here yet" without it', async () => {
    signIn();
    server.use(http.post(apiPath('/finance/vendorInvoices/grid'), () => HttpResponse.json({ rows: [], total: 0, totalCapped: false })));
    await expectEmptyListTexts({ path: '/home/finance/vendor-invoices', grid: 'Vendor invoices', key: INVOICES_FILTERS_KEY, filters: { status: 'PAID' } });
  });
});
