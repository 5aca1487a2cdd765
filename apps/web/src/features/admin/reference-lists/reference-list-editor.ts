import { useTranslation } from 'react-i18next';
import { counterpartyKinds, type ModalElement as ApiModalElement, type ModalElementKind } from '@servicedesk/contracts';
import type { ModalElement, ModalElementEditorTexts, ModalElementField } from '@servicedesk/ui/ModalElementEditor';

/** A modal element as the ui editor lists it (values by field name; blanks as ''). */
export function toEditorElement(element: ApiModalElement): ModalElement {
  return {
    id: element.id,
    isActive: element.isActive,
    values: { name: element.name, tin: element.tin ?? '', phone: element.phone ?? '', address: element.address ?? '' },
  };
}

/** The form values of the editor as a create/update body: counterparty fields only for vendor/contractor, blanks as null. */
export function toInput(kind: ModalElementKind, values: Record<string, string>) {
  const blank = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
  return counterpartyKinds.includes(kind)
    ? { modalElement: kind, name: (values.name ?? '').trim(), tin: blank(values.tin), phone: blank(values.phone), address: blank(values.address) }
    : { modalElement: kind, name: (values.name ?? '').trim() };
}

export function useEditorTexts(): ModalElementEditorTexts {
  const { t } = useTranslation();
  return {
    create: t('adminOrg.reference.add'),
    edit: t('adminOrg.edit'),
    save: t('save'),
    cancel: t('cancel'),
    remove: t('adminOrg.reference.remove'),
    activate: t('adminOrg.activate'),
    deactivate: t('adminOrg.deactivate.action'),
    close: t('close'),
    empty: t('adminOrg.empty'),
    active: t('adminOrg.active'),
    inactive: t('adminOrg.inactive'),
    status: t('adminOrg.status'),
    actions: t('adminOrg.actions'),
    createTitle: t('adminOrg.reference.createTitle'),
    editTitle: t('adminOrg.reference.editTitle'),
    removeTitle: t('files.sure'),
    removeMessage: (element) => t('adminOrg.reference.removeMessage', { name: element.values.name ?? '' }),
  };
}

/** The editor's fields of a kind: a name for every list, TIN/phone/address for counterparties. */
export function useFields(kind: ModalElementKind): ModalElementField[] {
  const { t } = useTranslation();
  const name: ModalElementField = { name: 'name', label: t('adminOrg.name'), isRequired: true, requiredMessage: t('validation.required') };
  if (!counterpartyKinds.includes(kind)) return [name];
  return [
    name,
    { name: 'tin', label: t('adminOrg.reference.tin') },
    { name: 'phone', label: t('adminOrg.reference.phone') },
    { name: 'address', label: t('adminOrg.reference.address'), type: 'textarea', showInList: false },
  ];
}

