import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modalElementKinds, type ModalElementKind } from '@servicedesk/contracts';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import {
  useActivateModalElement,
  useCreateModalElement,
  useRemoveModalElement,
  useUpdateModalElement,
} from '@servicedesk/api/modalElements/save-modal-element';
import { formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { ModalElementEditor, type ModalElement, type ModalElementField } from '@servicedesk/ui/ModalElementEditor';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { adminErrorText } from '../org/org-errors';
import * as p from '../../shared/page.css';
import * as s from './reference-lists.css';
import * as tbl from '../org/admin-table.css';
import { toEditorElement, toInput, useEditorTexts, useFields } from './reference-list-editor';

/** The read-only view of a list for a user without `admin.referenceLists.manage` (the editor would offer changes the server refuses). */
function ReadOnlyList({ title, fields, items, isOpen, onOpenChange }: { title: string; fields: ModalElementField[]; items: ModalElement[]; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const listed = fields.filter((f) => f.showInList !== false);
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} closeLabel={t('close')} size="lg">
      {items.length === 0 ? (
        <p className={tbl.empty}>{t('adminOrg.empty')}</p>
      ) : (
        <div className={tbl.tableWrap}>
          <table className={tbl.table}>
            <thead>
              <tr>
                {listed.map((f) => (
                  <th key={f.name} className={tbl.th} scope="col">
                    {f.label}
                  </th>
                ))}
                <th className={tbl.th} scope="col">{t('adminOrg.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  {listed.map((f) => (
                    <td key={f.name} className={tbl.td}>
                      {item.values[f.name] ?? ''}
                    </td>
                  ))}
                  <td className={tbl.td}>
                    <Badge variant={item.isActive ? 'success' : 'neutral'}>{item.isActive ? t('adminOrg.active') : t('adminOrg.inactive')}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}

/** One list's card: how many elements are active, and the editor dialog behind "Manage". */
function KindCard({ kind, canManage }: { kind: ModalElementKind; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // Managers see removed elements too (to activate them again); the count is of active ones.
  const list = useModalElements(kind, canManage);
  const texts = useEditorTexts();
  const fields = useFields(kind);
  const create = useCreateModalElement();
  const update = useUpdateModalElement();
  const remove = useRemoveModalElement();
  const activate = useActivateModalElement();
  const items = (list.data ?? []).map(toEditorElement);
  const active = (list.data ?? []).filter((x) => x.isActive).length;
  const title = t(`adminOrg.reference.kinds.${kind}.title`);
  const opener = canManage ? t('adminOrg.reference.manage') : t('adminOrg.reference.view');

  return (
    <section className={`${p.card} ${s.kindCard}`} aria-labelledby={`reference-${kind}`}>
      <h2 id={`reference-${kind}`} className={p.cardTitle}>
        {title}
      </h2>
      <p className={s.description}>{t(`adminOrg.reference.kinds.${kind}.description`)}</p>
      <p className={p.statLabel}>
        {list.isPending ? t('loading') : list.isError ? t('error.generic') : t('adminOrg.reference.count', { formatted: formatNumber(active, i18n.language) })}
      </p>
      <div className={s.cardActions}>
        <Button variant="secondary" onPress={() => setOpen(true)} isDisabled={!list.data} aria-label={`${opener}: ${title}`}>
          {opener}
        </Button>
      </div>
      {list.data && !canManage && <ReadOnlyList title={title} fields={fields} items={items} isOpen={isOpen} onOpenChange={setOpen} />}
      {list.data && canManage && (
        <ModalElementEditor
          title={title}
          isOpen={isOpen}
          onOpenChange={setOpen}
          fields={fields}
          items={items}
          texts={texts}
          onCreate={async (values) => {
            await create.mutateAsync(toInput(kind, values));
            toast.show({ title: t('adminOrg.saved', { name: values.name ?? '' }), variant: 'success' });
          }}
          onUpdate={async (id, values) => {
            await update.mutateAsync({ id: Number(id), ...toInput(kind, values) });
            toast.show({ title: t('adminOrg.saved', { name: values.name ?? '' }), variant: 'success' });
          }}
          onRemove={async (id) => {
            await remove.mutateAsync({ id: Number(id), modalElement: kind });
          }}
          onActivate={async (id, isActive) => {
            await (isActive ? activate : remove).mutateAsync({ id: Number(id), modalElement: kind });
          }}
          onRemoved={(element) => toast.show({ title: t('files.elementDeleted', { name: element.values.name ?? '' }), variant: 'success' })}
          onError={(error) => toast.show({ title: adminErrorText(error, t), variant: 'error' })}
        />
      )}
    </section>
  );
}

/**
 * /home/admin/reference-lists (issue #5, DOMAIN.md "Modal elements"): the vendor, contractor, tag
 * and document-destination lists, each a card with its active count that opens the ui
 * ModalElementEditor (list, create, update, remove after a confirmation, activate/deactivate)
 * backed by the modal-element calls. Without `admin.referenceLists.manage` the lists open
 * read-only (no change buttons; the server would refuse the calls).
 */
export function ReferenceListsPage() {
  const { t } = useTranslation();
  const { can } = usePagePermissions('admin.referenceLists');
  const canManage = can('admin.referenceLists.manage');
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.referenceLists')}</h1>
        <p className={p.lead}>{t('adminOrg.reference.pageDescription')}</p>
      </div>
      <div className={p.grid}>
        {modalElementKinds.map((kind) => (
          <KindCard key={kind} kind={kind} canManage={canManage} />
        ))}
      </div>
    </div>
  );
}
