import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ModalElementEditor, type ModalElement } from './ModalElementEditor';
import { demoTexts, vendorFields } from './texts';

const initial: ModalElement[] = [
  { id: 1, isActive: true, values: { name: 'Azərsun', taxId: '1400000001' } },
  { id: 2, isActive: false, values: { name: 'Baku Steel', taxId: '1400000002' } },
];

/** An in-memory backend, as the app's queries would be. */
function Demo({
  onError,
  failCreate = false,
}: {
  onError?: (e: unknown) => void;
  failCreate?: boolean;
}) {
  const [items, setItems] = useState(initial);
  return (
    <ModalElementEditor
      title="Vendors"
      isOpen
      onOpenChange={() => {}}
      fields={vendorFields}
      items={items}
      texts={demoTexts}
      onError={onError}
      onCreate={async (values) => {
        if (failCreate) throw new Error('Duplicate name');
        setItems((prev) => [...prev, { id: prev.length + 1, isActive: true, values }]);
      }}
      onUpdate={(id, values) =>
        setItems((prev) => prev.map((i) => (i.id === id ? { ...i, values } : i)))
      }
      onRemove={(id) => setItems((prev) => prev.filter((i) => i.id !== id))}
      onActivate={(id, isActive) =>
        setItems((prev) => prev.map((i) => (i.id === id ? { ...i, isActive } : i)))
      }
    />
  );
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('ModalElementEditor', () => {
  it('has no accessibility violations, list and form', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await expectNoAxeViolations();
  });

  it('lists elements with their status and creates one, requiring the name', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('Azərsun1400000001Active'),
      expect.stringContaining('Baku Steel1400000002Inactive'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Enter a name',
    );
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Kapital Tech ');
    await user.type(screen.getByRole('textbox', { name: /Tax id/ }), '1500000003');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toHaveTextContent('Kapital Tech1500000003Active');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('updates, deactivates/activates and removes after confirmation', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Edit: Azərsun' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Azərsun');
    await user.clear(name);
    await user.type(name, 'Azərsun Holding');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Azərsun Holding'));

    await user.click(screen.getByRole('button', { name: 'Activate: Baku Steel' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Active'));
    expect(screen.getByRole('button', { name: 'Deactivate: Baku Steel' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove: Baku Steel' }));
    const confirm = screen.getByRole('alertdialog', { name: /Are you sure/ });
    expect(confirm).toHaveTextContent('«Baku Steel» will be deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('reports a failing create through onError and keeps the form', async () => {
    const onError = vi.fn();
    const user = userEvent.setup();
    render(<Demo onError={onError} failCreate />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Azərsun');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('Duplicate name')));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Azərsun');
    expect(rows()).toHaveLength(2);
  });

  it('shows the empty text with no elements', () => {
    render(
      <ModalElementEditor
        title="Tags"
        isOpen
        onOpenChange={() => {}}
        fields={[{ name: 'name', label: 'Name' }]}
        items={[]}
        texts={demoTexts}
        onCreate={() => {}}
        onUpdate={() => {}}
        onRemove={() => {}}
        onActivate={() => {}}
      />,
    );
    expect(screen.getByText('No elements yet')).toBeInTheDocument();
  });
});
