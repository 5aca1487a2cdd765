import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import {
  ModalElementEditor,
  type ModalElement,
  type ModalElementEditorProps,
  type ModalElementField,
} from './ModalElementEditor';
import { demoTexts, vendorFields } from './texts';

/** In-memory data standing in for the app's queries: each callback updates the list. */
function InMemory(args: ModalElementEditorProps) {
  const [items, setItems] = useState(args.items);
  const [open, setOpen] = useState(args.isOpen);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open {args.title}</Button>
      <ModalElementEditor
        {...args}
        isOpen={open}
        onOpenChange={(o) => {
          setOpen(o);
          args.onOpenChange(o);
        }}
        items={items}
        onCreate={async (values) => {
          await args.onCreate(values);
          setItems((prev) => [...prev, { id: Date.now(), isActive: true, values }]);
        }}
        onUpdate={async (id, values) => {
          await args.onUpdate(id, values);
          setItems((prev) => prev.map((i) => (i.id === id ? { ...i, values } : i)));
        }}
        onRemove={async (id) => {
          await args.onRemove(id);
          setItems((prev) => prev.filter((i) => i.id !== id));
        }}
        onActivate={async (id, isActive) => {
          await args.onActivate(id, isActive);
          setItems((prev) => prev.map((i) => (i.id === id ? { ...i, isActive } : i)));
        }}
      />
    </>
  );
}

const vendors: ModalElement[] = [
  { id: 1, isActive: true, values: { name: 'Azərsun', taxId: '1400000001', note: '' } },
  { id: 2, isActive: false, values: { name: 'Baku Steel', taxId: '1400000002', note: '' } },
];

const meta = {
  title: 'Dialogs/ModalElementEditor',
  component: ModalElementEditor,
  tags: ['autodocs'],
  args: {
    title: 'Vendors',
    isOpen: true,
    onOpenChange: fn(),
    fields: vendorFields,
    items: vendors,
    texts: demoTexts,
    onCreate: fn(),
    onUpdate: fn(),
    onRemove: fn(),
    onActivate: fn(),
    onRemoved: fn(),
    onError: fn(),
  },
  render: (args) => <InMemory {...args} />,
} satisfies Meta<typeof ModalElementEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** Vendor: create with the required name, then edit it. */
export const Vendor: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Kapital Tech');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await expect(args.onCreate).toHaveBeenCalledWith({ name: 'Kapital Tech', taxId: '', note: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit: Kapital Tech' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Kapital Tech MMC');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()[2]).toHaveTextContent('Kapital Tech MMC'));
    // One defined end state for the screenshot (issue #21): once the form is gone, react-aria puts
    // focus on the dialog's close button or on the dialog itself (it varies between runs), and a
    // ring on the button depends on the input modality — which a window blur/refocus on a loaded
    // machine can change after the play ended. A click on the dialog's title puts focus on the
    // dialog itself, which never shows a ring, wherever focus was.
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect([dialog, close]).toContain(document.activeElement));
    await userEvent.click(screen.getByRole('heading', { name: 'Vendors' }));
    await waitFor(() => expect(dialog).toHaveFocus());
  },
};

const contractorFields: ModalElementField[] = [
  { name: 'name', label: 'Contractor', isRequired: true, requiredMessage: 'Enter the contractor' },
  { name: 'contact', label: 'Contact person' },
];

/** Contractor: activate an inactive one, deactivate it again. */
export const Contractor: Story = {
  args: {
    title: 'Contractors',
    fields: contractorFields,
    items: [{ id: 5, isActive: false, values: { name: 'Caspian Build', contact: 'Rəşad Əliyev' } }],
  },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Activate: Caspian Build' }));
    await expect(args.onActivate).toHaveBeenCalledWith(5, true);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate: Caspian Build' }));
    await expect(args.onActivate).toHaveBeenLastCalledWith(5, false);
  },
};

/** Tags: remove one after the confirmation. */
export const Tags: Story = {
  args: {
    title: 'Tags',
    fields: [{ name: 'name', label: 'Tag', isRequired: true, requiredMessage: 'Enter a tag' }],
    items: [
      { id: 1, isActive: true, values: { name: 'urgent' } },
      { id: 2, isActive: true, values: { name: 'printer' } },
    ],
    texts: { ...demoTexts, removeMessage: (e) => `«${e.values.name ?? ''}» will be deleted.` },
  },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Remove: printer' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Are you sure/ });
    await expect(confirm).toHaveTextContent('«printer» will be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(args.onRemoved).toHaveBeenCalled());
    await expect(args.onRemove).toHaveBeenCalledWith(2);
    await waitFor(() => expect(rows()).toHaveLength(1));
    // The removed row's button is gone: react-aria moves focus elsewhere in the dialog, and whether
    // that shows a focus ring depended on how busy the machine was (a flaky screenshot). Once focus
    // has landed, a click on the dialog's title ends the story in one state: pointer, no ring.
    const dialog = screen.getByRole('dialog', { name: 'Tags' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('heading', { name: 'Tags' }));
    await waitFor(() => expect(dialog.querySelector('[data-focus-visible]')).toBeNull());
  },
};

/** Document destination: saving an empty required field shows its error (ends open for axe). */
export const DocumentDestinationError: Story = {
  args: {
    title: 'Document destinations',
    fields: [
      {
        name: 'name',
        label: 'Destination',
        isRequired: true,
        requiredMessage: 'Enter a destination',
      },
    ],
    items: [{ id: 1, isActive: true, values: { name: 'Ministry of Finance' } }],
  },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(screen.getByText('Enter a destination')).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async () => {
    await expect(await screen.findByText('No elements yet')).toBeVisible();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    title: 'Sənədlərin göndərildiyi ünvanlar (təyinat yerləri)',
    fields: [{ name: 'name', label: 'Təyinat yeri' }],
    items: [
      {
        id: 1,
        isActive: true,
        values: {
          name: 'Azərbaycan Respublikasının İqtisadiyyat Nazirliyi yanında Dövlət Vergi Xidməti',
        },
      },
      {
        id: 2,
        isActive: false,
        values: { name: 'Министерство цифрового развития и транспорта Азербайджанской Республики' },
      },
    ],
  },
  play: async () => {
    await expect(await screen.findByText(/Dövlət Vergi Xidməti/)).toBeVisible();
  },
};
