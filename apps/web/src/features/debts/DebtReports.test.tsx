import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { setUploadTransport } from '@servicedesk/api/files/upload-files';
import { giveDataTablesHeight } from '../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

const server = mockServerForFile();
beforeAll(() => {
  // msw answers fetch in jsdom, not its XMLHttpRequest (as FileUploadField.test does).
  setUploadTransport('fetch');
  giveDataTablesHeight();
});
beforeEach(() => {
  localStorage.clear();
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () =>
      HttpResponse.json(
        ['finance.debtReports.comment', 'finance.debtReports.updateStatus', 'finance.debtReports.import1C', 'finance.debtReports.manage', 'finance.debtReports.dislocation'].map((key) => ({ key, isChecked: true })),
      ),
    ),
  );
});
afterAll(() => setUploadTransport('xhr'));

describe('debt reports', () => {
  it('previews the 1C file with the refused rows and their reasons, imports it, and a second import changes nothing', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/finance/debt-reports');
    await user.click(await screen.findByRole('button', { name: 'Import 1C data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import 1C data' });
    const file = new File(['Дата;ВидДокумента\n'], '1c-example.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByTestId('import-counts')).toHaveTextContent('11 rows: 8 new, 0 changed, 0 unchanged, 3 refused');
    expect(within(dialog).getByText('Encoding: Windows-1251 (Cyrillic); separator: semicolon')).toBeInTheDocument();
    expect(within(dialog).getByText('Preview — nothing has been saved yet.')).toBeInTheDocument();
    for (const reason of ['Not a date (dd.mm.yyyy)', 'Unknown counterparty (TIN)', 'The same row appears earlier in the file']) {
      expect(within(dialog).getByRole('cell', { name: reason })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Imported: 8 new, 0 changed.');

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(within(dialog).getByTestId('import-counts')).toHaveTextContent('11 rows: 0 new, 0 changed, 8 unchanged, 3 refused'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Nothing changed: every row is already there.'));
  });

  it('shows a counterparty’s balance, payments with their source line, and changes its status with the comment in the history', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/finance/debt-reports/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Baku Electronics' })).toBeInTheDocument();
    expect(await screen.findByTestId('ageing-total')).toHaveTextContent(/15,500\.50/);
    expect(screen.getByTestId('debt-balance')).toHaveTextContent(/15,500\.50/);
    const payments = await screen.findByRole('table', { name: 'Payment history' });
    expect(within(payments).getByRole('cell', { name: 'PP-1110' })).toBeInTheDocument();
    const sources = await screen.findByRole('table', { name: 'Entries and their source' });
    await waitFor(() => expect(within(sources).getByRole('cell', { name: '1c-example.csv, line 3' })).toBeInTheDocument());

    expect(within(screen.getByTestId('debt-status')).getByText('Normal')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Comment (required to write off)' }), 'Payments are late');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(within(screen.getByTestId('debt-status')).getByText('Watch')).toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'History and comments' })).toHaveTextContent('Payments are late');
  });
  it('adds a group, and a payment type with its code, from their tabs; Save waits for a name', async () => {
    // The server's lists, which the saves change (the shared handlers only read).
    const groups = [{ id: 1, name: 'Təchizatçılar', isActive: true, counterparties: 1 }];
    const types = [{ id: 1, code: 'BANK', name: 'Bank köçürməsi', isActive: true, payments: 1 }];
    const sent: unknown[] = [];
    server.use(
      http.get(apiPath('/debtReports/groups'), () => HttpResponse.json(groups)),
      http.get(apiPath('/debtReports/paymentTypes'), () => HttpResponse.json(types)),
      http.post(apiPath('/debtReports/groups'), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        const row = { id: groups.length + 1, name: body.name, isActive: true, counterparties: 0 };
        groups.push(row);
        return HttpResponse.json(row);
      }),
      http.post(apiPath('/debtReports/paymentTypes'), async ({ request }) => {
        const body = (await request.json()) as { code: string; name: string };
        sent.push(body);
        const row = { id: types.length + 1, code: body.code, name: body.name, isActive: true, payments: 0 };
        types.push(row);
        return HttpResponse.json(row);
      }),
    );
    signIn();
    const user = userEvent.setup();
    renderApp('/home/finance/debt-reports');
    await user.click(await screen.findByRole('tab', { name: /Groups/ }));
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Test group');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Test group')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: /Payment types/ }));
    await user.click(await screen.findByRole('button', { name: 'New payment type' }));
    const second = await screen.findByRole('dialog');
    const [code, name] = within(second).getAllByRole('textbox');
    await user.type(code!, 'ZZ');
    await user.type(name!, 'Test type');
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Test type')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ name: 'Test group' }), expect.objectContaining({ code: 'ZZ', name: 'Test type' })]);
  });
});
