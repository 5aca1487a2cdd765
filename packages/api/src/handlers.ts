import { createAuthHandlers } from './auth/auth.handlers';
import { createDashboardHandlers } from './dashboard/dashboard.handlers';
import { createApprovalsHandlers } from './approvals/approvals.handlers';
import { createGlobalHandlers } from './global/global.handlers';
import { createChatHandlers } from './chat/chat.handlers';
import { createNotificationHandlers } from './notifications/notifications.handlers';
import { createFilesHandlers } from './files/files.handlers';
import { createOrgHandlers } from './admin/org/org.handlers';
import { createModalElementsHandlers } from './modalElements/modalElements.handlers';
import { createTranslationsHandlers } from './translations/translations.handlers';
import { createAdminUsersHandlers } from './admin/users/users.handlers';
import { createUserTypesHandlers } from './admin/userTypes/userTypes.handlers';
import { createPermissionsHandlers } from './admin/permissions/permissions.handlers';
import { createDirectoryHandlers } from './admin/directory/directory.handlers';
import { createHelpdeskHandlers } from './helpdesk/helpdesk.handlers';
import { createContractsHandlers } from './contracts/contracts.handlers';
import { createFinanceHandlers } from './finance/finance.handlers';
import { createDebtsHandlers } from './debts/debts.handlers';
import { createStockHandlers } from './stock/stock.handlers';
import { createNewsHandlers } from './news/news.handlers';
import { createSchedulesHandlers } from './schedules/schedules.handlers';
import { createDocumentsHandlers } from './documents/documents.handlers';
import { createNotificationPreferenceHandlers } from './notifications/notification-preferences.handlers';

export { apiPath, errorResponse, validationErrorResponse } from './mock-utils';

/**
 * Every MSW handler of the API with fresh in-memory state: `setupServer(...createHandlers())`
 * in a test, `msw.use(...createHandlers())` in a story. Override one call by putting your own
 * handler first (`msw.use(http.post(apiPath('/auth/login'), () => errorResponse(429, 'rateLimited', '…')))`).
 */
export function createHandlers() {
  return [...createAuthHandlers(), ...createGlobalHandlers(), ...createDashboardHandlers(), ...createChatHandlers(), ...createNotificationHandlers(), ...createFilesHandlers(), ...createOrgHandlers(), ...createModalElementsHandlers(), ...createTranslationsHandlers(), ...createAdminUsersHandlers(), ...createUserTypesHandlers(), ...createPermissionsHandlers(), ...createDirectoryHandlers(), ...createHelpdeskHandlers(), ...createApprovalsHandlers(), ...createContractsHandlers(), ...createFinanceHandlers(), ...createDebtsHandlers(), ...createStockHandlers(), ...createNewsHandlers(), ...createSchedulesHandlers(), ...createDocumentsHandlers(), ...createNotificationPreferenceHandlers()];
}

/** A shared default set of every handler. */
export const handlers = createHandlers();
