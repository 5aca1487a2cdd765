import { useTranslation } from 'react-i18next';
import { languages } from '@servicedesk/i18n';
import { TextField } from '@servicedesk/ui/TextField';
import type { NamesPerLanguage } from '@servicedesk/contracts';
import { nameLanguages } from './user-type-form';

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
