import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { PurchaseQueueItem, ReorderItem } from '@servicedesk/contracts';
import { formatDateTime, formatMoney, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import type { QueryColumn } from '../../shared/QueryTable';
import { numericDateTime } from '../../shared/format';
import * as s from '../shared/equipment.css';

/**
 * The purchase queue's columns: request (to its page) · position, requester, item (with its
 * catalogue code), quantity, price (AZN), when marked, state (with the receipt's number) and
 * "Received" for a line awaiting its purchase (`onReceive`), else a link to issue it on the request.
 */
export function purchaseQueueColumns(
  t: TFunction,
  lang: string,
  onReceive: (item: PurchaseQueueItem) => void,
): QueryColumn<PurchaseQueueItem>[] {
  return [
    {
      header: t('assets.columns.request'),
      cell: (item) => (
        <>
          <Link to={`/home/inventory/requests/${item.requestId}`}>{item.requestNumber}</Link> ·{' '}
          {item.position}
        </>
      ),
    },
    { header: t('assets.columns.requester'), cell: (item) => item.requester.name },
    {
      header: t('assets.columns.item'),
      cell: (item) => (
        <>
          {item.description}
          {item.material ? <span className={s.muted}> ({item.material.code})</span> : null}
        </>
      ),
    },
    {
      header: t('assets.columns.quantity'),
      numeric: true,
      cell: (item) => `${formatNumber(item.quantity, lang)} ${item.unit}`,
    },
    {
      header: t('assets.columns.price'),
      numeric: true,
      cell: (item) => formatMoney(item.unitPrice, lang, 'AZN'),
    },
    {
      header: t('assets.columns.markedAt'),
      cell: (item) => (item.markedAt ? formatDateTime(item.markedAt, lang, numericDateTime) : '—'),
    },
    {
      header: t('assets.columns.state'),
      cell: (item) =>
        `${t(`equipment.lineState.${item.state}`)}${item.receiptOperation ? ` · ${item.receiptOperation.number}` : ''}`,
    },
    {
      header: t('assets.columns.actions'),
      cell: (item) =>
        item.state === 'awaitingPurchase' ? (
          <Button
            size="sm"
            onPress={() => onReceive(item)}
            aria-label={t('assets.purchases.receiveLine', { number: item.requestNumber, n: item.position })}
          >
            {t('assets.purchases.receive')}
          </Button>
        ) : (
          <Link to={`/home/inventory/requests/${item.requestId}`}>{t('assets.purchases.toIssue')}</Link>
        ),
    },
  ];
}

/** The reorder list's columns: material (code to its page · name), stock, minimum, on order, suggested quantity with its unit. */
export function reorderColumns(t: TFunction, lang: string): QueryColumn<ReorderItem>[] {
  return [
    {
      header: t('assets.columns.material'),
      cell: (m) => (
        <>
          <Link to={`/home/inventory/materials/${m.materialId}`}>{m.code}</Link> · {m.name}
        </>
      ),
    },
    { header: t('assets.reorder.stock'), numeric: true, cell: (m) => formatNumber(m.stock, lang) },
    { header: t('assets.reorder.minimum'), numeric: true, cell: (m) => formatNumber(m.minLevel, lang) },
    { header: t('assets.reorder.onOrder'), numeric: true, cell: (m) => formatNumber(m.onOrder, lang) },
    {
      header: t('assets.reorder.suggested'),
      numeric: true,
      cell: (m) => (
        <>
          <strong>{formatNumber(m.suggested, lang)}</strong> {m.unitCode}
        </>
      ),
    },
  ];
}
