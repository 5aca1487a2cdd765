import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { toMinorUnits } from './shared/contracts-display';
import { emptyContractForm, validateContractForm } from './form/contract-form';
import { CONTRACTS_FILTERS_KEY } from './list/list-filters';

const server = mockServerForFile();

describe('contract form', () => {
  it('reads amounts in major units into minor units, refusing what is not an amount', () => {
    expect(toMinorUnits('1234,5')).toBe(123_450);
    expect(toMinorUnits('1 234.05')).toBe(123_405);
    expect(toMinorUnits('12')).toBe(1200);
    expect(toMinorUnits('1.234')).toBeNull();
    expect(toMinorUnits('abc')).toBeNull();
    const errors = validateContractForm({
      ...emptyContractForm(new Date(2024, 1, 29)),
      endDate: '2024-01-01',
    });
    expect(errors).toMatchObject({
      counterpartyId: 'contracts.form.chooseCounterparty',
      endDate: 'contracts.form.endBeforeStart',
      reviewerIds: 'contracts.form.chooseReviewers',
    });
  });

  it('warns while the new counterparty’s TIN is taken, naming who has it, and saves once it is fixed', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/contracts/save'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
    });
    const user = userEvent.setup();
    const { router } = renderApp('/home/contracts/new');
    const form = await screen.findByRole('form', { name: 'New contract' });
    await user.click(within(form).getByRole('radio', { name: 'New counterparty' }));
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(
      within(form).getByRole('textbox', { name: /Counterparty name/ }),
      'Yeni Podratçı MMC',
    );
    const tin = within(form).getByRole('textbox', { name: /TIN/ });
    await fill(tin, '1400123451');
    expect(
      await within(form).findByText('This TIN already belongs to Kompüter Mərkəzi MMC.'),
    ).toBeInTheDocument();
    await user.clear(tin);
    await fill(tin, '1400999001');
    expect(await within(form).findByText('No counterparty has this TIN yet.')).toBeInTheDocument();
    expect(within(form).queryByTestId('tin-duplicate')).toBeNull();

    await fill(within(form).getByRole('textbox', { name: /Subject/ }), 'Dam örtüyünün təmiri');
    await fill(within(form).getByRole('textbox', { name: /Amount/ }), '1250,50');
    await user.click(within(form).getByRole('checkbox', { name: 'Nərmin İsmayılova' }));
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/home\/contracts\/\d+$/));
    expect(bodies[0]).toMatchObject({
      newCounterparty: { kind: 'vendor', name: 'Yeni Podratçı MMC', tin: '1400999001' },
      amountMinor: 125_050,
      reviewerIds: [6],
    });
  });

  it('takes the existing counterparty the check names', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/contracts/new');
    const form = await screen.findByRole('form', { name: 'New contract' });
    await user.click(within(form).getByRole('radio', { name: 'New counterparty' }));
    await user.type(within(form).getByRole('textbox', { name: /TIN/ }), '1500123451');
    await user.click(await within(form).findByRole('button', { name: 'Use Abşeron Tikinti MMC' }));
    expect(within(form).getByRole('radio', { name: 'Existing counterparty' })).toBeChecked();
    expect(within(form).getByRole('button', { name: /Counterparty/ })).toHaveTextContent(
      'Abşeron Tikinti MMC',
    );
  });
});

describe('contract detail', () => {
  it('shows the lawyer’s two decisions; returning asks a comment of at least 10 characters and sends it', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/contracts/7/lawyerReject'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
    });
    const user = userEvent.setup();
    renderApp('/home/contracts/7');
    expect(await screen.findByRole('button', { name: 'Approve (lawyer)' })).toBeInTheDocument();
    expect(screen.getByTestId('contract-status')).toHaveTextContent('In approval · Lawyer');
    await user.click(screen.getByRole('button', { name: 'Return to the author' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'qısa');
    await user.click(within(dialog).getByRole('button', { name: 'Return to the author' }));
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole('textbox'), ' — cərimə bəndini dəqiqləşdirin');
    await user.click(within(dialog).getByRole('button', { name: 'Return to the author' }));
    await waitFor(() =>
      expect(screen.getByTestId('contract-status')).toHaveTextContent('Returned'),
    );
    expect(bodies).toEqual([{ comment: 'qısa — cərimə bəndini dəqiqləşdirin' }]);
  });
});

describe('contracts list', () => {
  it('an empty list says nothing matches while the filter bar narrows it, and "nothing here yet" once cleared', async () => {
    signIn();
    server.use(http.post(apiPath('/contracts/grid'), () => HttpResponse.json({ rows: [], total: 0, totalCapped: false })));
    localStorage.setItem('sd.tableFilters', JSON.stringify({ [CONTRACTS_FILTERS_KEY]: { mine: true } }));
    const user = userEvent.setup();
    renderApp('/home/contracts');
    const table = await screen.findByRole('grid', { name: 'Contracts table' });
    expect(await within(table).findByText('No rows match the filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await within(table).findByText('Nothing here yet.')).toBeInTheDocument();
    localStorage.clear();
  });
});
