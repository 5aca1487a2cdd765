import { useTranslation } from 'react-i18next';
import type { HelpdeskCategory, HelpdeskComponent, HelpdeskPriority } from '@servicedesk/contracts';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { useDeleteCategory, useDeleteComponent } from '@servicedesk/api/helpdesk/save-catalog';
import { Badge } from '@servicedesk/ui/Badge';
import { ReferenceDataTable, type ReferenceDataTableTexts } from '@servicedesk/ui/ReferenceDataTable';
import { Tabs } from '@servicedesk/ui/Tabs';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { helpdeskErrorText, priorityKey } from '../shared/helpdesk-display';
import { formatTargetTime } from '../shared/helpdesk-text';
import * as p from '../../shared/page.css';
import * as s from '../../shared/list-page.css';
import { lazyPart } from '../../shared/lazy-fields';

/** The edit forms (number, select and text fields) load when the first one opens (issue #19). */
const CategoryForm = lazyPart(() => import('./CatalogForms').then((m) => m.CategoryForm));
const ComponentForm = lazyPart(() => import('./CatalogForms').then((m) => m.ComponentForm));
const PriorityForm = lazyPart(() => import('./CatalogForms').then((m) => m.PriorityForm));


/**
 * /home/helpdesk/categories (issue #6 "Admin: categories, components (which group serves them,
 * whether approval is needed), priorities with their target times"; page key
 * `helpdesk.categories`): three tabs of tables from GET /api/helpdesk/reference; create, edit
 * and delete where the user type holds `helpdesk.categories.create` / `.update` / `.delete`
 * (a used category or component cannot be deleted — the server answers 409 and the text says
 * to deactivate it instead). Names in az (required), en, ru, tr.
 */
export function HelpdeskCatalogPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePagePermissions('helpdesk.categories');
  const reference = useHelpdeskReference();
  const deleteCategory = useDeleteCategory();
  const deleteComponent = useDeleteComponent();
  const data = reference.data;
  const categoryName = (id: number) => data?.categories.find((c) => c.id === id)?.name ?? '';
  const texts = (create: string | undefined, editTitle: string): ReferenceDataTableTexts => ({
    actions: t('helpdesk.catalog.actions'),
    create,
    editTitle,
    edit: t('helpdesk.catalog.editAction'),
    editNamed: (name) => t('helpdesk.catalog.editNamed', { name }),
    delete: t('helpdesk.catalog.deleteAction'),
    deleteNamed: (name) => t('helpdesk.catalog.deleteNamed', { name }),
    deleteTitle: t('helpdesk.catalog.deleteTitle'),
    deleteMessage: (name) => t('helpdesk.catalog.deleteMessage', { name }),
    active: t('helpdesk.catalog.isActive'),
    inactive: t('helpdesk.catalog.inactive'),
    status: t('helpdesk.catalog.status'),
    cancel: t('cancel'),
    close: t('close'),
    empty: t('helpdesk.catalog.empty'),
    loading: t('loading'),
  });
  const deleted = (row: { name: string }) => toast.show({ title: t('helpdesk.catalog.deleted', { name: row.name }), variant: 'success' });
  const refused = (error: unknown) => toast.show({ title: helpdeskErrorText(error, t), variant: 'error' });
  const rowName = (row: { name: string }) => row.name;
  const isActive = (row: { isActive: boolean }) => row.isActive;

  const categoriesTab = data ? (
    <ReferenceDataTable<HelpdeskCategory>
      title={t('helpdesk.catalog.tabs.categories')}
      rows={data.categories}
      rowKey={(c) => c.id}
      rowName={rowName}
      isActive={isActive}
      columns={[
        { id: 'name', header: t('helpdesk.catalog.name'), cell: (c) => c.name },
        { id: 'components', header: t('helpdesk.catalog.componentCount'), numeric: true, cell: (c) => data.components.filter((k) => k.categoryId === c.id).length },
        { id: 'sortOrder', header: t('helpdesk.catalog.sortOrder'), numeric: true, cell: (c) => c.sortOrder },
      ]}
      texts={texts(t('helpdesk.catalog.categories.create'), t('helpdesk.catalog.categories.edit'))}
      canCreate={can('helpdesk.categories.create')}
      canEdit={can('helpdesk.categories.update')}
      renderForm={(row, close) => <CategoryForm category={row} onClose={close} />}
      onDelete={can('helpdesk.categories.delete') ? async (c) => void (await deleteCategory.mutateAsync(c.id)) : undefined}
      onDeleted={deleted}
      onError={refused}
    />
  ) : null;

  const componentsTab = data ? (
    <ReferenceDataTable<HelpdeskComponent>
      title={t('helpdesk.catalog.tabs.components')}
      rows={[...data.components].sort(
        (a, b) => categoryName(a.categoryId).localeCompare(categoryName(b.categoryId), i18n.language) || a.sortOrder - b.sortOrder,
      )}
      rowKey={(k) => k.id}
      rowName={rowName}
      isActive={isActive}
      columns={[
        { id: 'name', header: t('helpdesk.catalog.name'), cell: (k) => k.name },
        { id: 'category', header: t('helpdesk.catalog.category'), cell: (k) => categoryName(k.categoryId) },
        { id: 'group', header: t('helpdesk.catalog.group'), cell: (k) => k.groupName },
        {
          id: 'approval',
          header: t('helpdesk.catalog.approval'),
          cell: (k) => (k.requiresApproval ? <Badge variant="info">{t('helpdesk.catalog.needsApproval')}</Badge> : t('helpdesk.catalog.noApproval')),
        },
      ]}
      texts={texts(t('helpdesk.catalog.components.create'), t('helpdesk.catalog.components.edit'))}
      canCreate={can('helpdesk.categories.create')}
      canEdit={can('helpdesk.categories.update')}
      renderForm={(row, close) => <ComponentForm component={row} reference={data} onClose={close} />}
      onDelete={can('helpdesk.categories.delete') ? async (k) => void (await deleteComponent.mutateAsync(k.id)) : undefined}
      onDeleted={deleted}
      onError={refused}
    />
  ) : null;

  const prioritiesTab = data ? (
    <ReferenceDataTable<HelpdeskPriority>
      title={t('helpdesk.catalog.tabs.priorities')}
      rows={data.priorities}
      rowKey={(pr) => pr.code}
      rowName={rowName}
      columns={[
        { id: 'name', header: t('helpdesk.catalog.name'), cell: (pr) => pr.name },
        { id: 'code', header: t('helpdesk.catalog.code'), cell: (pr) => t(priorityKey(pr.code)) },
        { id: 'target', header: t('helpdesk.catalog.targetTime'), numeric: true, cell: (pr) => formatTargetTime(pr.targetMinutes, t, i18n.language) },
      ]}
      texts={texts(undefined, t('helpdesk.catalog.priorities.edit'))}
      canEdit={can('helpdesk.categories.update')}
      renderForm={(row, close) => (row ? <PriorityForm priority={row} onClose={close} /> : null)}
    />
  ) : null;

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('helpdesk.catalog.title')}</h1>
        <p className={p.lead}>{t('helpdesk.catalog.description')}</p>
      </div>
      <section className={p.card}>
        {reference.isPending ? (
          <p className={s.muted} role="status">
            {t('loading')}
          </p>
        ) : reference.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <Tabs
            ariaLabel={t('helpdesk.catalog.title')}
            items={[
              { id: 'categories', label: t('helpdesk.catalog.tabs.categories'), content: categoriesTab },
              { id: 'components', label: t('helpdesk.catalog.tabs.components'), content: componentsTab },
              { id: 'priorities', label: t('helpdesk.catalog.tabs.priorities'), content: prioritiesTab },
            ]}
          />
        )}
      </section>
    </div>
  );
}
