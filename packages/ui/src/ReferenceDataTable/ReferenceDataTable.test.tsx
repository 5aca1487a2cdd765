import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ReferenceDataTable } from './ReferenceDataTable';
import { baseProps as base, categories, NameForm } from './fixtures';

describe('ReferenceDataTable', () => {
  it('has no accessibility violations', async () => {
    render(
      <ReferenceDataTable
        {...base}
        onDelete={() => undefined}
        canEdit
        canCreate
        renderForm={() => null}
      />,
    );
    await expectNoAxeViolations();
  });

  it('shows the rows with their status and dims the inactive ones', () => {
    render(<ReferenceDataTable {...base} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NameComponentsStatus',
      'Printers3Active',
      'Network5Active',
      'Old phones0Inactive',
    ]);
    expect(rows[3]).toHaveAttribute('data-inactive');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('edits a row in a dialog holding the app form, which closes it', async () => {
    const onSave = vi.fn();
    render(
      <ReferenceDataTable
        {...base}
        canEdit
        renderForm={(row, close) => (
          <NameForm initial={row?.name ?? ''} onSave={onSave} close={close} />
        )}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    const field = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(field).toHaveValue('Network');
    await userEvent.clear(field);
    await userEvent.type(field, 'LAN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('LAN');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes only after the confirmation and reports a refusal', async () => {
    const onDelete = vi
      .fn()
      .mockRejectedValueOnce(new Error('in use'))
      .mockResolvedValueOnce(undefined);
    const onError = vi.fn();
    const onDeleted = vi.fn();
    render(
      <ReferenceDataTable {...base} onDelete={onDelete} onError={onError} onDeleted={onDeleted} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Printers' }));
    expect(onDelete).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the category?' });
    expect(dialog).toHaveTextContent('“Printers” will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'in use' }),
        categories[0],
      ),
    );
    expect(onDeleted).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Printers' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(categories[0]));
  });

  it('confirms a deactivation but activates at once', async () => {
    const onActiveChange = vi.fn(async () => undefined);
    render(<ReferenceDataTable {...base} onActiveChange={onActiveChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Activate Old phones' }));
    expect(onActiveChange).toHaveBeenCalledWith(categories[2], true);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Printers' }));
    expect(onActiveChange).toHaveBeenCalledTimes(1);
    await userEvent.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Deactivate the category?' }),
      ).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(onActiveChange).toHaveBeenLastCalledWith(categories[0], false));
  });

  it('shows the empty text and the loading status', () => {
    const { rerender } = render(<ReferenceDataTable {...base} rows={[]} />);
    expect(screen.getByText('No categories yet.')).toBeInTheDocument();
    rerender(<ReferenceDataTable {...base} isLoading />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });
});
