import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTinCheck } from '@servicedesk/api/contracts/check-tin';
import { Button } from '@servicedesk/ui/Button';
import * as s from '../shared/contracts.css';

/** How long the TIN must rest before it is checked (ms). */
export const TIN_CHECK_DEBOUNCE_MS = 300;

/**
 * The live TIN duplication check under the new counterparty's TIN field (issue #14): once the
 * typed TIN has 10 digits and rested {@link TIN_CHECK_DEBOUNCE_MS}, the server is asked; a TIN
 * that a vendor or contractor already has is named ("This TIN already belongs to X") with a
 * button to use X instead. Announced politely (a status region).
 */
export function TinCheck({
  tin,
  onUseExisting,
}: {
  tin: string;
  onUseExisting: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(tin.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(tin.trim()), TIN_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [tin]);
  const check = useTinCheck(settled);
  const typed = tin.trim();
  const complete = /^\d{10}$/.test(typed);
  const current = check.data && check.data.tin === typed ? check.data : null;

  let content = null;
  if (typed !== '' && !complete)
    content = <p className={s.notice}>{t('contracts.form.tinInvalid')}</p>;
  else if (complete && !current)
    content = <p className={s.notice}>{t('contracts.form.tinChecking')}</p>;
  else if (current?.holder) {
    const holder = current.holder;
    content = (
      <p className={s.warning} data-testid="tin-duplicate">
        <span>{t('contracts.form.tinTaken', { name: holder.name })}</span>
        <Button size="sm" variant="secondary" onPress={() => onUseExisting(holder.id)}>
          {t('contracts.form.useExisting', { name: holder.name })}
        </Button>
      </p>
    );
  } else if (current) content = <p className={s.notice}>{t('contracts.form.tinFree')}</p>;

  return (
    <div role="status" aria-live="polite">
      {content}
    </div>
  );
}
