import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '@servicedesk/i18n';
import { isApiRequestError } from '@servicedesk/api/errors';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import type { NamesPerLanguage } from '@servicedesk/contracts';
import { invalidNames, nameLanguages } from './user-type-form';

/**
 * The state of a user type's four names in a form (editor, copy dialog): `fields` for
 * {@link UserTypeNameFields}; `submitted()` marks the names as tried and answers them trimmed,
 * or null while one is missing or too long (the fields then say which); `saveFailed(error)` turns
 * the server's 409 into "name taken" on the fields, any other failure into the generic toast.
 */
export function useUserTypeNames(initial: () => NamesPerLanguage) {
  const { t } = useTranslation();
  const [names, setNames] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [nameTaken, setNameTaken] = useState(false);
  return {
    fields: {
      names,
      invalid: attempted ? invalidNames(names) : [],
      nameTaken,
      onChange: (lang: keyof NamesPerLanguage, value: string) => {
        setNames((n) => ({ ...n, [lang]: value }));
        setNameTaken(false);
      },
    },
    submitted(): NamesPerLanguage | null {
      setAttempted(true);
      if (invalidNames(names).length > 0) return null;
      return { az: names.az.trim(), en: names.en.trim(), ru: names.ru.trim(), tr: names.tr.trim() };
    },
    saveFailed(error: unknown) {
      if (isApiRequestError(error, 409)) setNameTaken(true);
      else toast.show({ title: t('error.generic'), variant: 'error' });
    },
  };
}

/**
 * The four name fields of a user type (az, en, ru, tr — each required, at most 100 characters),
 * labelled "Name (<language>)", marked with their own `lang`. `invalid` lists the empty ones
 * once the user tried to save; `nameTaken` marks them all with the server's "name taken".
 * `onChange(lang, value)` reports each edit.
 */
export function UserTypeNameFields({
  names,
  invalid,
  nameTaken,
  onChange,
}: {
  names: NamesPerLanguage;
  invalid: readonly (keyof NamesPerLanguage)[];
  nameTaken: boolean;
  onChange: (lang: keyof NamesPerLanguage, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {nameLanguages.map((lang) => (
        <TextField
          key={lang}
          label={t('admin.userTypes.form.nameIn', { language: languages.find((l) => l.code === lang)?.label ?? lang })}
          lang={lang}
          value={names[lang]}
          onChange={(value) => onChange(lang, value)}
          isRequired
          maxLength={100}
          autoComplete="off"
          isInvalid={invalid.includes(lang) || nameTaken}
          errorMessage={nameTaken ? t('admin.userTypes.form.nameTaken') : t('validation.required')}
        />
      ))}
    </>
  );
}
