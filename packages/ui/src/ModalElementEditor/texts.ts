import type { ModalElementEditorTexts, ModalElementField } from './ModalElementEditor';

/** English texts for stories and tests (apps pass translated ones). */
export const demoTexts: ModalElementEditorTexts = {
  create: 'Add',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  activate: 'Activate',
  deactivate: 'Deactivate',
  close: 'Close',
  empty: 'No elements yet',
  active: 'Active',
  inactive: 'Inactive',
  status: 'Status',
  actions: 'Actions',
  createTitle: 'New element',
  editTitle: 'Edit element',
  removeTitle: 'Are you sure?',
  removeMessage: (e) => `«${e.values.name ?? e.id}» will be deleted.`,
};

/** The vendor kind's fields, as an example of a kind definition. */
export const vendorFields: ModalElementField[] = [
  { name: 'name', label: 'Name', isRequired: true, requiredMessage: 'Enter a name' },
  { name: 'taxId', label: 'Tax id (VÖEN)' },
  { name: 'note', label: 'Note', type: 'textarea', showInList: false },
];
