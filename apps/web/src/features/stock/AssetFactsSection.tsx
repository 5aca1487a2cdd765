import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AssetFacts } from '@servicedesk/contracts';
import { useAssetFacts, useAssetHelpdesk, useSaveAssetFacts } from '@servicedesk/api/equipment/assets';
import { formatDate, formatDateTime, formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../access/use-page-permissions';
import { numericDateTime } from '../shared/format';
import { useRefusalText } from '../shared/record/refusal';
import * as p from '../shared/page.css';
import * as s from '../shared/list-page.css';

type Draft = Record<'model' | 'manufacturer' | 'purchaseDate' | 'purchasePrice' | 'warrantyEnd' | 'supplier', string>;

const toDraft = (f: AssetFacts): Draft => ({
  model: f.model ?? '',
  manufacturer: f.manufacturer ?? '',
  purchaseDate: f.purchaseDate ?? '',
  purchasePrice: f.purchasePrice !== null ? (f.purchasePrice / 100).toFixed(2) : '',
  warrantyEnd: f.warrantyEnd ?? '',
  supplier: f.supplier ?? '',
});

/**
 * The asset's facts on its page (issue #40 "Asset facts"): model, manufacturer, purchase date
 * and price, warranty end (the keeper is told 30 days before), supplier — the receipt's where
 * none was written — with "Edit" for `inventory.inventories.update`; and the help-desk requests
 * linked to the asset (faults its holder reported). GET/PUT /api/assets/{id}/facts, GET …/helpdesk.
 */
export function AssetFactsSection({ inventoryId }: { inventoryId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const facts = useAssetFacts(inventoryId);
  const links = useAssetHelpdesk(inventoryId);
  const save = useSaveAssetFacts(inventoryId);
  const explain = useRefusalText();
  const { can } = usePagePermissions('inventory.inventories');
  const [draft, setDraft] = useState<Draft | null>(null);
  if (!facts.data) return null;
  const f = facts.data;
  const date = (d: string | null) => (d ? formatDate(d, lang) : '—');
  const fromReceipt = (field: AssetFacts['fromReceipt'][number]) => (f.fromReceipt.includes(field) ? ` (${t('assets.facts.fromReceipt')})` : '');
  const rows: [string, string][] = [
    [t('assets.facts.model'), f.model ?? '—'],
    [t('assets.facts.manufacturer'), f.manufacturer ?? '—'],
    [t('assets.facts.purchaseDate'), `${date(f.purchaseDate)}${fromReceipt('purchaseDate')}`],
    [t('assets.facts.purchasePrice'), `${f.purchasePrice !== null ? formatMoney(f.purchasePrice, lang, f.purchaseCurrency) : '—'}${fromReceipt('purchasePrice')}`],
    [t('assets.facts.warrantyEnd'), date(f.warrantyEnd)],
    [t('assets.facts.supplier'), `${f.supplier ?? '—'}${fromReceipt('supplier')}`],
  ];
  const submit = async () => {
    if (!draft) return;
    const text = (v: string) => (v.trim() ? v.trim() : null);
    const price = draft.purchasePrice.trim() ? Math.round(Number(draft.purchasePrice.replace(',', '.')) * 100) : null;
    try {
      await save.mutateAsync({
        model: text(draft.model),
        manufacturer: text(draft.manufacturer),
        purchaseDate: text(draft.purchaseDate),
        purchasePrice: price !== null && Number.isFinite(price) ? price : null,
        purchaseCurrency: f.purchaseCurrency,
        warrantyEnd: text(draft.warrantyEnd),
        supplier: text(draft.supplier),
      });
      toast.show({ title: t('assets.facts.saved'), variant: 'success' });
      setDraft(null);
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
    }
  };
  const field = (key: keyof Draft, label: string, description?: string) => (
    <TextField label={label} {...(description ? { description } : {})} value={draft?.[key] ?? ''} onChange={(v) => setDraft((d) => (d ? { ...d, [key]: v } : d))} />
  );

  return (
    <>
      <section className={p.card} aria-label={t('assets.facts.title')}>
        <div className={s.header}>
          <h2 className={p.cardTitle}>{t('assets.facts.title')}</h2>
          {can('inventory.inventories.update') ? (
            <Button size="sm" variant="secondary" onPress={() => setDraft(toDraft(f))}>
              {t('assets.facts.edit')}
            </Button>
          ) : null}
        </div>
        <dl className={s.formGrid}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className={p.statLabel}>{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={p.card}>
        <h2 className={p.cardTitle}>{t('assets.helpdesk.title')}</h2>
        {links.data && links.data.length > 0 ? (
          <ul aria-label={t('assets.helpdesk.title')}>
            {links.data.map((r) => (
              <li key={r.id}>
                <Link to={`/home/helpdesk/requests/${r.id}`}>{r.number}</Link> — {r.title} · {t(`helpdesk.status.${r.status}`)} ·{' '}
                {formatDateTime(r.createdAt, lang, numericDateTime)}
              </li>
            ))}
          </ul>
        ) : (
          <p className={p.muted}>{t('assets.helpdesk.none')}</p>
        )}
      </section>
      <Dialog
        title={t('assets.facts.title')}
        isOpen={draft !== null}
        onOpenChange={(open) => (open ? undefined : setDraft(null))}
        closeLabel={t('close')}
        footer={
          <Button isPending={save.isPending} onPress={() => void submit()}>
            {t('assets.facts.save')}
          </Button>
        }
      >
        <div className={s.formGrid}>
          {field('model', t('assets.facts.model'))}
          {field('manufacturer', t('assets.facts.manufacturer'))}
          {field('purchaseDate', t('assets.facts.purchaseDate'), t('assets.facts.dateHint'))}
          {field('purchasePrice', t('assets.facts.purchasePrice'), f.purchaseCurrency)}
          {field('warrantyEnd', t('assets.facts.warrantyEnd'), t('assets.facts.dateHint'))}
          {field('supplier', t('assets.facts.supplier'))}
        </div>
      </Dialog>
    </>
  );
}
