import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MIN_LENGTH, isLongEnoughComment, type VendorInvoiceDetail } from '@servicedesk/contracts';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { DatePicker } from '../../shared/lazy-fields';
import { Prompt, PromptShell } from '@servicedesk/ui/Prompt';
import { TextField } from '@servicedesk/ui/TextField';
import { firstDayOfWeek } from '../../shared/format';
import { parseDecimal } from './invoice-form';

/** Which dialog is open on the invoice page. */
export type InvoiceDialog = 'reject' | 'return' | 'poolReturn' | 'cancel' | 'delete' | 'receipt' | 'post' | null;

/** What the dialogs send. */
export interface DialogResult {
  comment?: string;
  received?: { lineId: number; quantity: number }[];
  paidDate?: string;
  paymentReference?: string;
}

interface Props {
  dialog: InvoiceDialog;
  detail: VendorInvoiceDetail;
  onClose: () => void;
  /** Runs the dialog's action; a rejection keeps the dialog open (the page toasts why). */
  onSubmit: (dialog: Exclude<InvoiceDialog, null>, result: DialogResult) => Promise<void>;
}

/** The warehouse check: the quantity that arrived per line (default: as invoiced). */
function ReceiptDialog({ detail, onClose, onSubmit }: Omit<Props, 'dialog'>) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<Record<number, string>>(() => Object.fromEntries(detail.lines.map((l) => [l.id, String(l.quantity)])));
  const invalid = (id: number) => {
    const v = parseDecimal(qty[id] ?? '', 3);
    return v === null;
  };
  return (
    <PromptShell
      title={t('finance.dialogs.receiptTitle')}
      message={t('finance.dialogs.receiptBody')}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      submitLabel={t('finance.actions.confirmDelivery')}
      cancelLabel={t('finance.dialogs.close')}
      onValidSubmit={() => {
        if (detail.lines.some((l) => invalid(l.id))) return null;
        return () => onSubmit('receipt', { received: detail.lines.map((l) => ({ lineId: l.id, quantity: parseDecimal(qty[l.id] ?? '', 3) ?? 0 })) });
      }}
    >
      {detail.lines.map((l) => (
        <TextField
          key={l.id}
          label={`${l.position}. ${l.description}${l.unit ? ` (${l.unit})` : ''}`}
          value={qty[l.id] ?? ''}
          onChange={(v) => setQty((q) => ({ ...q, [l.id]: v }))}
          inputMode="decimal"
          isInvalid={invalid(l.id)}
          errorMessage={t('finance.form.invalidQuantity')}
        />
      ))}
    </PromptShell>
  );
}

/** Posting from the pool: the payment's date and reference. */
function PostDialog({ onClose, onSubmit }: Omit<Props, 'dialog' | 'detail'>) {
  const { t, i18n } = useTranslation();
  const [paidDate, setPaidDate] = useState<string | null>(() => new Date().toISOString().slice(0, 10));
  const [reference, setReference] = useState('');
  const [attempted, setAttempted] = useState(false);
  return (
    <PromptShell
      title={t('finance.dialogs.postTitle')}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      submitLabel={t('finance.actions.post')}
      cancelLabel={t('finance.dialogs.close')}
      onValidSubmit={() => {
        setAttempted(true);
        if (!paidDate || reference.trim() === '') return null;
        return () => onSubmit('post', { paidDate, paymentReference: reference.trim() });
      }}
    >
      <DatePicker
        label={t('finance.dialogs.paidDate')}
        value={paidDate}
        onChange={setPaidDate}
        firstDayOfWeek={firstDayOfWeek(i18n.language)}
        openCalendarLabel={t('finance.dialogs.openCalendar')}
        isRequired
        isInvalid={attempted && !paidDate}
        errorMessage={t('finance.form.required')}
      />
      <TextField
        label={t('finance.dialogs.paymentReference')}
        value={reference}
        onChange={setReference}
        isRequired
        maxLength={100}
        isInvalid={attempted && reference.trim() === ''}
        errorMessage={t('finance.form.required')}
      />
    </PromptShell>
  );
}

/**
 * The invoice page's dialogs: a comment (≥ 10 characters, SPEC §5) for reject / return / the
 * pool's return / cancel, the received quantities for the warehouse check, the payment for
 * posting, a confirmation for deleting a draft.
 */
export function InvoiceDialogs({ dialog, detail, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  if (!dialog) return null;
  switch (dialog) {
    case 'reject':
    case 'return':
    case 'poolReturn':
    case 'cancel':
      return (
        <Prompt
          key={dialog}
          isOpen
          onOpenChange={(open) => (open ? undefined : onClose())}
          title={t(`finance.dialogs.${dialog === 'poolReturn' ? 'return' : dialog}Title`)}
          label={t('finance.dialogs.commentLabel')}
          submitLabel={t(`finance.actions.${dialog}`)}
          cancelLabel={t('finance.dialogs.close')}
          minLength={dialog === 'cancel' ? 0 : COMMENT_MIN_LENGTH}
          minLengthMessage={t('finance.dialogs.commentHint', { min: COMMENT_MIN_LENGTH })}
          onSubmit={(comment) => onSubmit(dialog, { comment: dialog === 'cancel' && !isLongEnoughComment(comment, 1) ? undefined : comment })}
        />
      );
    case 'receipt':
      return <ReceiptDialog detail={detail} onClose={onClose} onSubmit={onSubmit} />;
    case 'post':
      return <PostDialog onClose={onClose} onSubmit={onSubmit} />;
    case 'delete':
      return (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => (open ? undefined : onClose())}
          title={t('finance.dialogs.deleteTitle')}
          confirmLabel={t('finance.actions.delete')}
          cancelLabel={t('finance.dialogs.close')}
          variant="destructive"
          onConfirm={() => onSubmit('delete', {})}
          onError={() => undefined}
        >
          {t('finance.dialogs.deleteBody')}
        </ConfirmDialog>
      );
    default:
      return null;
  }
}
