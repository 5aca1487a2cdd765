import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { INVENTORY_STATUSES, INVENTORY_TRANSITIONS, STOCK_REASON_MIN, type Inventory, type InventoryAction, type InventoryStatus } from '@servicedesk/contracts';
import { gridRows, useInventory, useStockGridPages, useStockReference } from '@servicedesk/api/stock/stock-queries';
import { useDownloadLabels, useInventoryAction } from '@servicedesk/api/stock/stock-mutations';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import type { DataTableColumn } from '@servicedesk/ui/DataTable';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Prompt } from '@servicedesk/ui/Prompt';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { Timeline } from '@servicedesk/ui/Timeline';
import { usePagePermissions } from '../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../shared/AppDataTable';
import { LazySelect } from '../shared/lazy-fields';
import { runAndTell, useConfirmedAction } from '../shared/confirmed-action';
import { tableKeys } from '../shared/data-table';
import { numericDateTime } from '../shared/format';
import { useLiveRecords } from '../../realtime/live-records';
import { AssetFactsSection } from './AssetFactsSection';
import { formatAmount, inventoryStatusFamily, inventoryStatusKey, stockErrorText } from './stock-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

/** Saves a blob as a file through a temporary link (the labels PDF). */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * /home/inventory/inventories (issue #13, SPEC §2 named list "inventories", filter memory key
 * `inventories`): every asset with its status, material, serial, warehouse and holder; select
 * rows and "Print labels" downloads their labels as a PDF (code128 + QR of the inventory
 * number, name, serial). A row opens the inventory.
 */
export function InventoriesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const list = useStockGridPages('inventories', { take: 500, sort: 'inventoryNumber', sortDir: 'asc' });
  const rows = useMemo(() => gridRows<'inventories'>(list.data), [list.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const labels = useDownloadLabels();
  useLiveRecords();

  const columns = useMemo<DataTableColumn<Inventory>[]>(
    () => [
      { columnName: 'inventoryNumber', header: t('stock.columns.inventoryNumber'), minWidth: 150, copyToClipboard: true },
      { columnName: 'materialName', header: t('stock.columns.material'), minWidth: 260 },
      { columnName: 'serial', header: t('stock.columns.serial'), minWidth: 150 },
      {
        columnName: 'status',
        header: t('stock.columns.status'),
        type: 'status',
        translate: true,
        accessor: (row) => inventoryStatusKey(row.status),
        statusVariant: (value) => inventoryStatusFamily[String(value).split('.').pop() as InventoryStatus] ?? 'neutral',
        minWidth: 150,
      },
      { columnName: 'warehouseName', header: t('stock.columns.warehouse'), minWidth: 180 },
      { columnName: 'holder', header: t('stock.columns.holder'), type: 'user', accessor: (row) => row.holder?.name ?? '', minWidth: 180 },
      { columnName: 'unitCost', header: t('stock.columns.unitCost'), type: 'number', minWidth: 140, render: (_v, row) => formatAmount(row.unitCost, lang), hidden: true },
      { columnName: 'updatedAt', header: t('stock.columns.updatedAt'), type: 'dateTime', minWidth: 180 },
    ],
    [t, lang],
  );

  const print = () =>
    labels.mutate(
      [...selected].map(Number),
      { onSuccess: (blob) => saveBlob(blob, `${t('stock.inventories.labelsFile')}.pdf`) },
    );

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('stock.inventories.title')}</h1>
          <p className={p.lead}>{t('stock.inventories.description')}</p>
        </div>
        <Button onPress={print} isDisabled={selected.size === 0} isPending={labels.isPending}>
          {t('stock.inventories.printLabels', { n: selected.size })}
        </Button>
      </div>
      {labels.isError ? <p className={f.error} role="alert">{stockErrorText(t, labels.error, lang)}</p> : null}
      <section className={`${p.card} ${s.tableCard}`}>
        {list.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <AppDataTable
            tableKey={tableKeys.inventories}
            aria-label={t('stock.inventories.tableLabel')}
            data={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            selectionMode="multiple"
            selectedKeys={selected}
            onSelectionChange={setSelected}
            isLoading={list.isPending}
            onRowAction={(row) => void navigate(`/home/inventory/inventories/${row.id}`)}
            {...infinitePages(list)}
            exportFileName={t('stock.inventories.exportName')}
            height="min(70vh, 640px)"
          />
        )}
      </section>
    </div>
  );
}

/**
 * /home/inventory/inventories/{id}: one asset — number, material, serial, parameters, status,
 * warehouse, holder — and its whole history (who held it when), with the actions its status
 * allows (assign to a person, take back, send to repair, back from repair, write off with a
 * reason), each an operation on the server. Its holder sees it too.
 */
export function InventoryDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = Number(useParams().id);
  const detail = useInventory(id);
  const act = useInventoryAction();
  const users = useUsersNameAndId();
  const reference = useStockReference();
  const labels = useDownloadLabels();
  const { can } = usePagePermissions('inventory.inventories');
  const [assignOpen, setAssignOpen] = useState(false);
  const [holderId, setHolderId] = useState<string | null>(null);
  const [writeOffOpen, setWriteOffOpen] = useState(false);
  const confirmed = useConfirmedAction();
  useLiveRecords();
  if (detail.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (detail.isError) return <p role="alert">{t('error.generic')}</p>;
  const { inventory: inv, history } = detail.data;
  const allowed = (action: InventoryAction) => can('inventory.inventories.update') && INVENTORY_TRANSITIONS[action].from.includes(inv.status);
  const run = (action: InventoryAction, extra: { holderId?: number; reason?: string } = {}) => act.mutateAsync({ id, action, ...extra });
  const refusal = (error: unknown) => stockErrorText(t, error, lang);
  /** Take back, send to repair, back from repair: asked first, then said in a toast (the kit's confirm-then-tell). */
  const confirmMove = (action: 'takeBack' | 'sendToRepair' | 'backFromRepair') => {
    const values = { number: inv.inventoryNumber, holder: inv.holder?.name ?? '' };
    confirmed.confirm({
      title: t(`stock.confirm.${action}.title`, values),
      message: t(`stock.confirm.${action}.message`, values),
      confirmLabel: t(`stock.inventoryAction.${action}`),
      done: t(`stock.confirm.${action}.done`, values),
      run: () => run(action),
      refusal,
      variant: 'info',
    });
  };
  const warehouseName = (wid: unknown) => reference.data?.warehouses.find((w) => w.id === wid)?.name;
  const userName = (uid: unknown) => users.data?.find((u) => u.id === uid)?.name;
  const statusBadge = (status: string | null) =>
    status && (INVENTORY_STATUSES as readonly string[]).includes(status) ? (
      <StatusBadge status={status} family={inventoryStatusFamily[status as InventoryStatus]}>
        {t(inventoryStatusKey(status as InventoryStatus))}
      </StatusBadge>
    ) : undefined;

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>
            {inv.inventoryNumber} — {inv.materialName}
          </h1>
          <p className={p.lead}>
            {statusBadge(inv.status)} {inv.holder ? t('stock.inventories.heldBy', { name: inv.holder.name }) : null}{' '}
            {inv.warehouseName ? t('stock.inventories.inWarehouse', { name: inv.warehouseName }) : null}
          </p>
        </div>
        <div className={s.formActions}>
          <Button variant="secondary" isPending={labels.isPending} onPress={() => labels.mutate([id], { onSuccess: (blob) => saveBlob(blob, `${inv.inventoryNumber}.pdf`) })}>
            {t('stock.inventories.printLabel')}
          </Button>
          {allowed('assign') ? <Button onPress={() => setAssignOpen(true)}>{t('stock.inventoryAction.assign')}</Button> : null}
          {allowed('takeBack') ? <Button onPress={() => confirmMove('takeBack')}>{t('stock.inventoryAction.takeBack')}</Button> : null}
          {allowed('sendToRepair') ? (
            <Button variant="secondary" onPress={() => confirmMove('sendToRepair')}>
              {t('stock.inventoryAction.sendToRepair')}
            </Button>
          ) : null}
          {allowed('backFromRepair') ? <Button onPress={() => confirmMove('backFromRepair')}>{t('stock.inventoryAction.backFromRepair')}</Button> : null}
          {allowed('writeOff') && can('inventory.inventories.writeOff') ? (
            <Button variant="secondary" onPress={() => setWriteOffOpen(true)}>
              {t('stock.inventoryAction.writeOff')}
            </Button>
          ) : null}
        </div>
      </div>
      {act.isError ? <p className={f.error} role="alert">{stockErrorText(t, act.error, lang)}</p> : null}
      <section className={p.card}>
        <dl className={s.formGrid}>
          {[
            [t('stock.columns.material'), `${inv.materialCode} — ${inv.materialName}`],
            [t('stock.columns.serial'), inv.serial ?? '—'],
            [t('stock.columns.unitCost'), formatAmount(inv.unitCost, lang)],
            ...inv.parameters.map((x) => [x.name, x.value]),
          ].map(([label, value]) => (
            <div key={label}>
              <dt className={p.statLabel}>{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <AssetFactsSection inventoryId={id} />
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('stock.inventories.history')}</h2>
        <Timeline
          label={t('stock.inventories.history')}
          changedToLabel={t('stock.inventories.changedTo')}
          formatDate={(date) => formatDateTime(date, lang, numericDateTime)}
          entries={[...history].reverse().map((h) => {
            const d = h.details ?? {};
            const where = [
              typeof d.holderId === 'number' ? t('stock.inventories.heldBy', { name: userName(d.holderId) ?? '' }) : null,
              warehouseName(d.warehouseId) ? t('stock.inventories.inWarehouse', { name: warehouseName(d.warehouseId) }) : null,
              typeof d.operationNumber === 'string' ? d.operationNumber : null,
            ]
              .filter(Boolean)
              .join(' · ');
            return {
              id: h.id,
              user: { name: h.actor?.name ?? t('stock.inventories.system'), img: h.actor?.imgPath ?? null },
              date: h.createdAt,
              // My equipment's rows (confirmReceipt, returnRequested, faultReported, factsUpdated) are worded in the assets area.
              action: `${t([`stock.inventoryHistory.${h.action}`, `assets.history.${h.action}`])}${where ? ` — ${where}` : ''}`,
              from: statusBadge(h.fromStatus),
              to: statusBadge(h.toStatus),
              comment: h.comment ?? undefined,
            };
          })}
        />
      </section>
      <Dialog
        title={t('stock.inventoryAction.assign')}
        isOpen={assignOpen}
        onOpenChange={setAssignOpen}
        closeLabel={t('close')}
        footer={
          <Button
            isDisabled={!holderId}
            isPending={act.isPending}
            onPress={() =>
              void runAndTell(
                () => run('assign', { holderId: Number(holderId) }),
                t('stock.confirm.assigned', { number: inv.inventoryNumber, name: userName(Number(holderId)) ?? '' }),
                refusal,
              ).then(
                () => setAssignOpen(false),
                () => setAssignOpen(false),
              )
            }
          >
            {t('stock.inventoryAction.assign')}
          </Button>
        }
      >
        {/* Loaded with the assign dialog's first opening: off the inventories page's first load (issue #19). */}
        <LazySelect
          placeholder={t('stock.choose')}
          label={t('stock.columns.holder')}
          items={(users.data ?? []).map((u) => ({ id: String(u.id), label: u.name }))}
          selectedKey={holderId}
          onSelectionChange={(key) => setHolderId(key === null ? null : String(key))}
        />
      </Dialog>
      <Prompt
        title={t('stock.inventoryAction.writeOff')}
        isOpen={writeOffOpen}
        onOpenChange={setWriteOffOpen}
        label={t('stock.columns.reason')}
        minLength={STOCK_REASON_MIN}
        minLengthMessage={t('stock.operations.reasonHint', { min: STOCK_REASON_MIN })}
        submitLabel={t('stock.inventoryAction.writeOff')}
        cancelLabel={t('cancel')}
        onSubmit={async (reason) => {
          await runAndTell(() => run('writeOff', { reason }), t('stock.confirm.writtenOff', { number: inv.inventoryNumber }), refusal);
        }}
      />
      {confirmed.dialog}
    </div>
  );
}
