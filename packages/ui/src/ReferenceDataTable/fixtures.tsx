import { useState } from 'react';
import { Button } from '../Button';
import { TextField } from '../TextField';
import type { ReferenceDataColumn, ReferenceDataTableTexts } from './ReferenceDataTable';

/* Example rows, columns, texts and form shared by the stories and the test (not exported by the package). */

export interface Category {
  id: number;
  name: string;
  componentCount: number;
  isActive: boolean;
}

export const categories: Category[] = [
  { id: 1, name: 'Printers', componentCount: 3, isActive: true },
  { id: 2, name: 'Network', componentCount: 5, isActive: true },
  { id: 3, name: 'Old phones', componentCount: 0, isActive: false },
];

export const columns: ReferenceDataColumn<Category>[] = [
  { id: 'name', header: 'Name', cell: (c) => c.name },
  { id: 'count', header: 'Components', numeric: true, cell: (c) => c.componentCount },
];

export const englishTexts: ReferenceDataTableTexts = {
  actions: 'Actions',
  create: 'New category',
  editTitle: 'Edit category',
  edit: 'Edit',
  editNamed: (n) => `Edit ${n}`,
  delete: 'Delete',
  deleteNamed: (n) => `Delete ${n}`,
  deleteTitle: 'Delete the category?',
  deleteMessage: (n) => `“${n}” will be deleted.`,
  activate: 'Activate',
  activateNamed: (n) => `Activate ${n}`,
  deactivate: 'Deactivate',
  deactivateNamed: (n) => `Deactivate ${n}`,
  deactivateTitle: 'Deactivate the category?',
  deactivateMessage: (n) => `“${n}” will no longer be offered in new requests.`,
  active: 'Active',
  inactive: 'Inactive',
  status: 'Status',
  cancel: 'Cancel',
  close: 'Close',
  empty: 'No categories yet.',
  loading: 'Loading…',
};

/** The props every example shares: the categories with their status, English texts. */
export const baseProps = {
  title: 'Categories',
  rows: categories,
  rowKey: (c: Category) => c.id,
  rowName: (c: Category) => c.name,
  columns,
  isActive: (c: Category) => c.isActive,
  texts: englishTexts,
};

/** A one-field form: the name, saved through `onSave`, then `close`. */
export function NameForm({
  initial,
  onSave,
  close,
}: {
  initial: string;
  onSave: (name: string) => void;
  close: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave(name);
        close();
      }}
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <TextField label="Name (az)" value={name} onChange={setName} isRequired />
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}
