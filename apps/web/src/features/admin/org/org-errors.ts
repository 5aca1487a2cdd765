import type { TFunction } from 'i18next';
import { isApiRequestError } from '@servicedesk/api/errors';

/**
 * The translated text of a failed admin change, chosen by the error code (never the server's
 * English message): nameTaken / duplicateName / duplicateTin, validation, stale state
 * (alreadyActive / alreadyInactive / notFound), forbidden, in use, network; else the generic text.
 */
export function adminErrorText(error: unknown, t: TFunction): string {
  if (!isApiRequestError(error)) return t('error.generic');
  switch (error.code) {
    case 'nameTaken':
    case 'duplicateName':
      return t('adminOrg.errors.nameTaken');
    case 'duplicateTin':
      return t('adminOrg.errors.tinTaken');
    case 'validationError':
      return t('adminOrg.errors.invalid');
    case 'alreadyActive':
    case 'alreadyInactive':
    case 'notFound':
      return t('adminOrg.errors.stale');
    case 'forbidden':
      return t('adminOrg.errors.forbidden');
    case 'elementInUse':
      return t('adminOrg.errors.inUse');
    case 'unknownReference':
      return t('adminOrg.errors.unknownUser');
    case 'networkError':
      return t('error.network');
    default:
      return t('error.generic');
  }
}
