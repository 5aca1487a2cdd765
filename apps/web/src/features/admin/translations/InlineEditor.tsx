import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  placeholdersOf,
  TRANSLATION_VALUE_MAX_LENGTH,
  type LanguageCode,
  type TranslationRow,
} from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useSetTranslation } from '@servicedesk/api/translations/set-translation';
import { Button } from '@servicedesk/ui/Button';
import { TextArea } from '@servicedesk/ui/TextArea';
import { toast } from '@servicedesk/ui/Toast';
import { adminErrorText } from '../org/org-errors';
import * as t9 from '../org/admin-table.css';
import * as s from './translations.css';

/** The `{{placeholders}}` problem of an edited value against its shipped text, or null when they match. */
export function placeholderProblem(shipped: string, value: string): { expected: string[]; actual: string[] } | null {
  const expected = placeholdersOf(shipped);
  const actual = placeholdersOf(value);
  return expected.join('\u0000') === actual.join('\u0000') ? null : { expected, actual };
}

/** The inline editor of one key: a text box with the shipped text under it, save and cancel. */
export function InlineEditor({ lang, row, onDone }: { lang: LanguageCode; row: TranslationRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(row.value);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The text box takes the focus when the editor opens (Edit was pressed to type in it).
  useEffect(() => formRef.current?.querySelector('textarea')?.focus(), []);
  const save = useSetTranslation({
    onSuccess: () => {
      toast.show({ title: t('adminOrg.translations.saved'), description: t('adminOrg.translations.reloadHint'), variant: 'success' });
      onDone();
    },
    onError: async (err) => {
      // The mismatch's details are read with the contract's schema, loaded when one comes (issue #19).
      const details =
        isApiRequestError(err) && err.code === 'placeholderMismatch'
          ? (await import('@servicedesk/contracts/translations')).placeholderMismatchDetails.safeParse(err.details)
          : null;
      setError(
        details?.success
          ? t('adminOrg.translations.placeholders', { expected: details.data.expected.map((n) => `{{${n}}}`).join(', ') || '—' })
          : isApiRequestError(err) && err.code === 'unknownTranslationKey'
            ? t('adminOrg.translations.unknownKey')
            : adminErrorText(err, t),
      );
    },
  });

  function submit() {
    const trimmed = value.trim();
    if (trimmed === '') return setError(t('validation.required'));
    if (trimmed.length > TRANSLATION_VALUE_MAX_LENGTH) return setError(t('adminOrg.errors.tooLong', { max: TRANSLATION_VALUE_MAX_LENGTH }));
    const problem = placeholderProblem(row.shipped, trimmed);
    if (problem) {
      return setError(t('adminOrg.translations.placeholders', { expected: problem.expected.map((n) => `{{${n}}}`).join(', ') || '—' }));
    }
    save.mutate({ lang, key: row.key, value: trimmed });
  }

  return (
    <form
      ref={formRef}
      className={s.editor}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={t('adminOrg.translations.editKey', { key: row.key })}
    >
      <TextArea
        label={t('adminOrg.translations.value')}
        value={value}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
        rows={Math.min(6, Math.max(2, Math.ceil(value.length / 60)))}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
          else e.continuePropagation();
        }}
      />
      <div className={t9.actions}>
        <Button size="sm" variant="secondary" onPress={onDone}>
          {t('cancel')}
        </Button>
        <Button size="sm" type="submit" isPending={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
