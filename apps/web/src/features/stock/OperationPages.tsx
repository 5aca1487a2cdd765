import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { STOCK_REASON_MIN, type AvailableUnit, type PostableOperationKind } from '@servicedesk/contracts';
import { useMaterialSearch, useStockReference } from '@servicedesk/api/stock/stock-queries';
import { usePostStockOperation } from '@servicedesk/api/stock/stock-mutations';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { Button } from '@servicedesk/ui/Button';
import { TextArea } from '@servicedesk/ui/TextArea';
import { TextField } from '@servicedesk/ui/TextField';
import { LazyComboBox as ComboBox, LazyNumberField as NumberField, LazySelect as Select, usePreload } from '../shared/lazy-fields';
import { useConfirmedAction } from '../shared/confirmed-action';
import { requiredMessage, useFormCheck, type FormCheck } from '../shared/form-check';
import { operationKindKey, stockErrorText, toMinor } from './stock-display';
import { UnitPicker } from './UnitPicker';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

const KINDS: PostableOperationKind[] = ['receipt', 'issue', 'transfer', 'writeOff', 'return'];

interface LineDraft {
  key: number;
  materialId: string | null;
  /** Whether the picked material is kept as inventories (serials then apply). */
  tracksInventories: boolean;
  quantity: number;
  /** Major units (manat) as typed; sent in minor units. */
  unitCost: number;
  serials: string;
  /** The units chosen (scanned or ticked) for a tracked material leaving or coming back (issue #40). */
  units: AvailableUnit[];
}

let lineKeys = 0;
const emptyLine = (): LineDraft => ({ key: ++lineKeys, materialId: null, tracksInventories: false, quantity: 1, unitCost: Number.NaN, serials: '', units: [] });

/** Whether a line of `kind` chooses its units (a tracked material on anything but a receipt). */
const choosesUnits = (line: LineDraft, kind: PostableOperationKind) => line.tracksInventories && kind !== 'receipt';

/** Where the units of the form's lines come from. */
interface LineSource {
  warehouseId: number | null;
  holderId: number | null;
}

/** One line of the form: the material (searched on the server), the quantity, for a receipt the unit cost and serials; elsewhere, for a tracked material, its units. */
function LineFields({ line, index, kind, source, check, onChange, onRemove }: { line: LineDraft; index: number; kind: PostableOperationKind; source: LineSource; check: FormCheck; onChange: (l: LineDraft) => void; onRemove?: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const materials = useMaterialSearch(search);
  // The picked material stays among the options whatever the search answers next (choosing it
  // writes its label into the input, which searches again): a combo box whose selected key has left
  // its options shows an empty input, and the line looked as if nothing were picked.
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const found = (materials.data ?? []).map((m) => ({ id: String(m.id), label: `${m.code} — ${m.name}` }));
  const items = picked && line.materialId === picked.id && !found.some((m) => m.id === picked.id) ? [picked, ...found] : found;
  const key = `line.${line.key}`;
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{t('stock.operations.line', { n: index + 1 })}</legend>
      <div className={s.formGrid}>
        <ComboBox
          label={t('stock.columns.material')}
          items={items}
          selectedKey={line.materialId}
          onSelectionChange={(selected) => {
            const id = selected === null ? null : String(selected);
            const item = items.find((m) => m.id === id);
            if (item) setPicked(item);
            onChange({
              ...line,
              materialId: id,
              tracksInventories: id === line.materialId ? line.tracksInventories : (materials.data?.find((m) => String(m.id) === id)?.tracksInventories ?? false),
              units: id === line.materialId ? line.units : [],
            });
          }}
          onInputChange={(text) => setSearch(picked && text === picked.label ? search : text)}
          openLabel={t('stock.operations.openMaterials')}
          emptyLabel={t('table.noResults')}
          isRequired
          {...check.field(`${key}.material`)}
        />
        <NumberField label={t('stock.columns.quantity')} value={line.quantity} onChange={(quantity) => onChange({ ...line, quantity })} minValue={0.001} isRequired {...check.field(`${key}.quantity`)} />
        {kind === 'receipt' ? (
          <NumberField
            label={t('stock.operations.unitCost')}
            value={line.unitCost}
            onChange={(unitCost) => onChange({ ...line, unitCost })}
            minValue={0}
            formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
            isRequired
            {...check.field(`${key}.unitCost`)}
          />
        ) : null}
        {kind === 'receipt' && line.tracksInventories ? (
          <TextField label={t('stock.operations.serials')} description={t('stock.operations.serialsHint')} value={line.serials} onChange={(serials) => onChange({ ...line, serials })} />
        ) : null}
      </div>
      {choosesUnits(line, kind) && line.materialId ? (
        <UnitPicker
          source={{ materialId: Number(line.materialId), warehouseId: kind === 'return' ? null : source.warehouseId, holderId: kind === 'return' ? source.holderId : null, includeRepair: kind === 'writeOff' }}
          chosen={line.units}
          suggest={Number.isNaN(line.quantity) ? 1 : Math.round(line.quantity)}
          onChange={(units) => onChange({ ...line, units, quantity: units.length || line.quantity })}
          check={check.field(`${key}.units`)}
        />
      ) : null}
      {onRemove ? (
        <Button size="sm" variant="ghost" onPress={onRemove}>
          {t('stock.operations.removeLine')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/**
 * /home/inventory/warehouses/operations/new (issue #13 "Operations"): posts a receipt (vendor,
 * vendor invoice reference, unit costs in manat), issue (to a person), transfer (to another
 * warehouse), write-off (reason of at least 10 characters) or return (from a person), with one
 * or more lines. A tracked material leaving (issue, transfer, write-off) or coming back (return)
 * names its units — scanned or ticked among the warehouse's (the person's) units, the oldest
 * suggested (issue #40). A refused post shows the server's reason (e.g. not enough stock: what is
 * available; which unit is not available). Posted, it opens the operation.
 */
export function OperationFormPage() {
  const { t, i18n } = useTranslation();
  // The fields' code loads with the page's reference data, after its first paint (issue #19).
  usePreload(Select, ComboBox, NumberField);
  const navigate = useNavigate();
  const reference = useStockReference();
  const users = useUsersNameAndId();
  const vendors = useModalElements('vendor');
  const post = usePostStockOperation();
  const [kind, setKind] = useState<PostableOperationKind>('receipt');
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [toWarehouseId, setToWarehouseId] = useState<string | null>(null);
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [invoiceRef, setInvoiceRef] = useState('');
  const [recipientId, setRecipientId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const required = (value: unknown) => requiredMessage(t, value);
  const warehouses = (reference.data?.warehouses ?? []).filter((w) => w.isActive).map((w) => ({ id: String(w.id), label: w.name }));

  // The product's own messages, shown after the first attempt to send and cleared as each field is
  // fixed (no browser bubble, nothing that blocks the next submit: see useFormCheck).
  const problems: Record<string, string | null> = {
    warehouse: required(warehouseId),
    toWarehouse: kind === 'transfer' ? required(toWarehouseId) : null,
    vendor: kind === 'receipt' ? required(vendorId) : null,
    recipient: kind === 'issue' ? required(recipientId) : null,
    reason: kind !== 'writeOff' ? null : reason.trim() === '' ? t('validation.required') : [...reason.trim()].length < STOCK_REASON_MIN ? t('validation.minLength', { min: STOCK_REASON_MIN }) : null,
  };
  for (const l of lines) {
    problems[`line.${l.key}.material`] = required(l.materialId);
    problems[`line.${l.key}.quantity`] = Number.isNaN(l.quantity) ? t('validation.required') : l.quantity <= 0 ? t('validation.invalid') : null;
    if (kind === 'receipt') problems[`line.${l.key}.unitCost`] = required(l.unitCost);
    if (choosesUnits(l, kind)) problems[`line.${l.key}.units`] = l.units.length === 0 ? t('stock.units.required') : null;
  }
  const check = useFormCheck(problems);

  const confirmed = useConfirmedAction();
  // Posting moves stock at once: asked first, then said in a toast (the kit's confirm-then-tell).
  const submit = () => {
    if (!warehouseId) return;
    const input = {
        kind,
        warehouseId: Number(warehouseId),
        toWarehouseId: kind === 'transfer' && toWarehouseId ? Number(toWarehouseId) : null,
        vendorId: kind === 'receipt' && vendorId ? Number(vendorId) : null,
        vendorInvoiceRef: kind === 'receipt' ? invoiceRef || null : null,
        recipientUserId: (kind === 'issue' || kind === 'return') && recipientId ? Number(recipientId) : null,
        reason: kind === 'writeOff' ? reason : null,
        lines: lines
          .filter((l) => l.materialId)
          .map((l) =>
            choosesUnits(l, kind)
              ? { materialId: Number(l.materialId), quantity: l.units.length, inventoryIds: l.units.map((u) => u.id), serials: [] }
              : {
                  materialId: Number(l.materialId),
                  quantity: l.quantity,
                  ...(kind === 'receipt' ? { unitCost: toMinor(Number.isNaN(l.unitCost) ? 0 : l.unitCost) } : {}),
                  serials:
                    kind === 'receipt'
                      ? l.serials
                          .split(/[,\n]/)
                          .map((x) => x.trim())
                          .filter(Boolean)
                      : [],
                },
          ),
    };
    const values = { kind: t(operationKindKey(kind)), warehouse: warehouses.find((w) => w.id === warehouseId)?.label ?? '', lines: input.lines.length };
    confirmed.confirm({
      title: t('stock.confirm.post.title', values),
      message: t('stock.confirm.post.message', values),
      confirmLabel: t('stock.operations.post'),
      variant: kind === 'writeOff' ? 'destructive' : 'info',
      run: async () => {
        const op = await post.mutateAsync(input);
        void navigate(`/home/inventory/warehouses/operations/${op.id}`);
        return op.number;
      },
      done: (number) => t('stock.confirm.post.done', { number: String(number) }),
      refusal: (error) => stockErrorText(t, error, i18n.language),
    });
  };

  return (
    <div className={p.page}>
      <h1 className={p.heading}>{t('stock.operations.new')}</h1>
      <section className={`${p.card} ${s.formCard}`}>
        <form className={f.form} onSubmit={check.onSubmit(submit)} noValidate aria-label={t('stock.operations.new')}>
          {post.isError ? (
            <p className={f.error} role="alert">
              {stockErrorText(t, post.error, i18n.language)}
            </p>
          ) : null}
          <div className={s.formGrid}>
            <Select placeholder={t('stock.choose')} label={t('stock.columns.kind')} items={KINDS.map((k) => ({ id: k, label: t(operationKindKey(k)) }))} selectedKey={kind} onSelectionChange={(key) => setKind((key ?? 'receipt') as PostableOperationKind)} />
            <Select placeholder={t('stock.choose')} label={kind === 'transfer' ? t('stock.operations.fromWarehouse') : t('stock.columns.warehouse')} items={warehouses} selectedKey={warehouseId} onSelectionChange={(key) => setWarehouseId(key === null ? null : String(key))} isRequired {...check.field('warehouse')} />
            {kind === 'transfer' ? (
              <Select placeholder={t('stock.choose')} label={t('stock.columns.toWarehouse')} items={warehouses.filter((w) => w.id !== warehouseId)} selectedKey={toWarehouseId} onSelectionChange={(key) => setToWarehouseId(key === null ? null : String(key))} isRequired {...check.field('toWarehouse')} />
            ) : null}
            {kind === 'receipt' ? (
              <>
                <Select placeholder={t('stock.choose')} label={t('stock.columns.vendor')} items={(vendors.data ?? []).map((v) => ({ id: String(v.id), label: v.name }))} selectedKey={vendorId} onSelectionChange={(key) => setVendorId(key === null ? null : String(key))} isRequired {...check.field('vendor')} />
                <TextField label={t('stock.columns.vendorInvoiceRef')} value={invoiceRef} onChange={setInvoiceRef} />
              </>
            ) : null}
            {kind === 'issue' || kind === 'return' ? (
              <Select
                placeholder={t('stock.choose')}
                label={kind === 'issue' ? t('stock.columns.recipient') : t('stock.operations.returnedBy')}
                items={(users.data ?? []).map((u) => ({ id: String(u.id), label: u.name }))}
                selectedKey={recipientId}
                onSelectionChange={(key) => setRecipientId(key === null ? null : String(key))}
                isRequired={kind === 'issue'}
                {...check.field('recipient')}
              />
            ) : null}
          </div>
          {kind === 'writeOff' ? (
            <TextArea label={t('stock.columns.reason')} description={t('stock.operations.reasonHint', { min: STOCK_REASON_MIN })} value={reason} onChange={setReason} isRequired rows={3} {...check.field('reason')} />
          ) : null}
          {lines.map((line, index) => (
            <LineFields
              key={line.key}
              line={line}
              index={index}
              kind={kind}
              source={{ warehouseId: warehouseId ? Number(warehouseId) : null, holderId: recipientId ? Number(recipientId) : null }}
              check={check}
              onChange={(next) => setLines((all) => all.map((l) => (l.key === line.key ? next : l)))}
              onRemove={lines.length > 1 ? () => setLines((all) => all.filter((l) => l.key !== line.key)) : undefined}
            />
          ))}
          <div className={s.formActions}>
            <Button variant="secondary" onPress={() => setLines((all) => [...all, emptyLine()])}>
              {t('stock.operations.addLine')}
            </Button>
            <Button type="submit" isPending={post.isPending}>
              {t('stock.operations.post')}
            </Button>
          </div>
        </form>
      </section>
      {confirmed.dialog}
    </div>
  );
}
