/*
 * THE list of translation files. Every file under locales/<lang>/ must be imported here and
 * registered in `areas` (a test fails for a file on disk that is missing here, and for a
 * locale whose keys or {{placeholders}} differ from az).
 *
 * To add an area `foo`:
 *   1. create locales/{az,en,ru,tr}/foo.json, each `{ "foo": { ... } }` (top-level key = area);
 *   2. add the four imports below, named <lang><Area>;
 *   3. add one line `foo: { az: azFoo, en: enFoo, ru: ruFoo, tr: trFoo },` to `areas`.
 * Static JSON imports (not import.meta.glob) so the same code runs in vite AND in Node (tsx),
 * where the server serves the merged tree at GET /assets/i18n/{lang}.json.
 */
import type { LanguageCode } from './languages';

import azCommon from './locales/az/common.json';
import enCommon from './locales/en/common.json';
import ruCommon from './locales/ru/common.json';
import trCommon from './locales/tr/common.json';
// Web areas (H4).
import azApprovals from './locales/az/approvals.json';
import enApprovals from './locales/en/approvals.json';
import ruApprovals from './locales/ru/approvals.json';
import trApprovals from './locales/tr/approvals.json';
import azAuth from './locales/az/auth.json';
import enAuth from './locales/en/auth.json';
import ruAuth from './locales/ru/auth.json';
import trAuth from './locales/tr/auth.json';
import azLayout from './locales/az/layout.json';
import enLayout from './locales/en/layout.json';
import ruLayout from './locales/ru/layout.json';
import trLayout from './locales/tr/layout.json';
import azAccount from './locales/az/account.json';
import enAccount from './locales/en/account.json';
import ruAccount from './locales/ru/account.json';
import trAccount from './locales/tr/account.json';
import azDashboard from './locales/az/dashboard.json';
import enDashboard from './locales/en/dashboard.json';
import ruDashboard from './locales/ru/dashboard.json';
import trDashboard from './locales/tr/dashboard.json';
import azErrors from './locales/az/errors.json';
import enErrors from './locales/en/errors.json';
import ruErrors from './locales/ru/errors.json';
import trErrors from './locales/tr/errors.json';
// Chat (issue #4).
import azChat from './locales/az/chat.json';
import enChat from './locales/en/chat.json';
import ruChat from './locales/ru/chat.json';
import trChat from './locales/tr/chat.json';
// Header notifications (issue #4).
import azNotifications from './locales/az/notifications.json';
import enNotifications from './locales/en/notifications.json';
import ruNotifications from './locales/ru/notifications.json';
import trNotifications from './locales/tr/notifications.json';
// Administration (issue #5): users, user types, permissions, organisation, lists, translations.
import azAdmin from './locales/az/admin.json';
import enAdmin from './locales/en/admin.json';
import ruAdmin from './locales/ru/admin.json';
import trAdmin from './locales/tr/admin.json';
// Files (issue #5, admin-web-org).
import azFiles from './locales/az/files.json';
import enFiles from './locales/en/files.json';
import ruFiles from './locales/ru/files.json';
import trFiles from './locales/tr/files.json';
// Organisation, reference lists, translation editing (issue #5, admin-web-org).
import azAdminOrg from './locales/az/adminOrg.json';
import enAdminOrg from './locales/en/adminOrg.json';
import ruAdminOrg from './locales/ru/adminOrg.json';
import trAdminOrg from './locales/tr/adminOrg.json';
// Permission catalogue captions (issue #5, perm-core): permissions.actions.<verb> of the user type tree.
import azPermissions from './locales/az/permissions.json';
import enPermissions from './locales/en/permissions.json';
import ruPermissions from './locales/ru/permissions.json';
import trPermissions from './locales/tr/permissions.json';
// Help desk (issue #6): list, create form, catalogue, dashboard widgets, detail page.
import azHelpdesk from './locales/az/helpdesk.json';
import enHelpdesk from './locales/en/helpdesk.json';
import ruHelpdesk from './locales/ru/helpdesk.json';
import trHelpdesk from './locales/tr/helpdesk.json';
import azEquipment from './locales/az/equipment.json';
import enEquipment from './locales/en/equipment.json';
import ruEquipment from './locales/ru/equipment.json';
import trEquipment from './locales/tr/equipment.json';
import azStock from './locales/az/stock.json';
import enStock from './locales/en/stock.json';
import ruStock from './locales/ru/stock.json';
import trStock from './locales/tr/stock.json';
import azContracts from './locales/az/contracts.json';
import enContracts from './locales/en/contracts.json';
import ruContracts from './locales/ru/contracts.json';
import trContracts from './locales/tr/contracts.json';
// Help-desk request page (issue #6, helpdesk-web-detail): actions, timeline, comments, attachments, viewers.
import azHelpdeskDetail from './locales/az/helpdeskDetail.json';
import enHelpdeskDetail from './locales/en/helpdeskDetail.json';
import ruHelpdeskDetail from './locales/ru/helpdeskDetail.json';
import trHelpdeskDetail from './locales/tr/helpdeskDetail.json';
// Finance (issue #16): vendor invoices, accounting pool, e-invoices, the cover list PDF.
import azFinance from './locales/az/finance.json';
import enFinance from './locales/en/finance.json';
import ruFinance from './locales/ru/finance.json';
import trFinance from './locales/tr/finance.json';
// Debt reports, the 1C import and wagon dislocation (issue #17).
// Money (issue #41): currency rates, ageing per currency, dunning letters, duplicate invoices.
import azMoney from './locales/az/money.json';
import enMoney from './locales/en/money.json';
import ruMoney from './locales/ru/money.json';
import trMoney from './locales/tr/money.json';
import azDebts from './locales/az/debts.json';
import enDebts from './locales/en/debts.json';
import ruDebts from './locales/ru/debts.json';
import trDebts from './locales/tr/debts.json';
// Document circulation and registry (issue #15).
import azDocuments from './locales/az/documents.json';
import enDocuments from './locales/en/documents.json';
import ruDocuments from './locales/ru/documents.json';
import trDocuments from './locales/tr/documents.json';

// News and staff schedules (issue #18).
import azNews from './locales/az/news.json';
import enNews from './locales/en/news.json';
import ruNews from './locales/ru/news.json';
import trNews from './locales/tr/news.json';
import azSchedules from './locales/az/schedules.json';
import enSchedules from './locales/en/schedules.json';
import ruSchedules from './locales/ru/schedules.json';
import trSchedules from './locales/tr/schedules.json';
// Notification preferences, mails and digests (issue #38).
import azNotificationPrefs from './locales/az/notificationPrefs.json';
import enNotificationPrefs from './locales/en/notificationPrefs.json';
import ruNotificationPrefs from './locales/ru/notificationPrefs.json';
import trNotificationPrefs from './locales/tr/notificationPrefs.json';
import azMail from './locales/az/mail.json';
import enMail from './locales/en/mail.json';
import ruMail from './locales/ru/mail.json';
import trMail from './locales/tr/mail.json';
import azAdminOutbox from './locales/az/adminOutbox.json';
import enAdminOutbox from './locales/en/adminOutbox.json';
import ruAdminOutbox from './locales/ru/adminOutbox.json';
import trAdminOutbox from './locales/tr/adminOutbox.json';
// My equipment, purchase queue, asset facts (issue #40).
import azAssets from './locales/az/assets.json';
import enAssets from './locales/en/assets.json';
import ruAssets from './locales/ru/assets.json';
import trAssets from './locales/tr/assets.json';
/** A translation file: nested objects whose leaves are strings. */
export type TranslationTree = { [key: string]: string | TranslationTree };

/** Every area's file per language; `common` holds the spec's own keys at the top level. */
export const areas: Record<string, Record<LanguageCode, TranslationTree>> = {
  common: { az: azCommon, en: enCommon, ru: ruCommon, tr: trCommon },
  approvals: { az: azApprovals, en: enApprovals, ru: ruApprovals, tr: trApprovals },
  auth: { az: azAuth, en: enAuth, ru: ruAuth, tr: trAuth },
  layout: { az: azLayout, en: enLayout, ru: ruLayout, tr: trLayout },
  account: { az: azAccount, en: enAccount, ru: ruAccount, tr: trAccount },
  dashboard: { az: azDashboard, en: enDashboard, ru: ruDashboard, tr: trDashboard },
  errors: { az: azErrors, en: enErrors, ru: ruErrors, tr: trErrors },
  chat: { az: azChat, en: enChat, ru: ruChat, tr: trChat },
  notifications: { az: azNotifications, en: enNotifications, ru: ruNotifications, tr: trNotifications },
  admin: { az: azAdmin, en: enAdmin, ru: ruAdmin, tr: trAdmin },
  files: { az: azFiles, en: enFiles, ru: ruFiles, tr: trFiles },
  adminOrg: { az: azAdminOrg, en: enAdminOrg, ru: ruAdminOrg, tr: trAdminOrg },
  permissions: { az: azPermissions, en: enPermissions, ru: ruPermissions, tr: trPermissions },
  helpdesk: { az: azHelpdesk, en: enHelpdesk, ru: ruHelpdesk, tr: trHelpdesk },
  equipment: { az: azEquipment, en: enEquipment, ru: ruEquipment, tr: trEquipment },
  stock: { az: azStock, en: enStock, ru: ruStock, tr: trStock },
  contracts: { az: azContracts, en: enContracts, ru: ruContracts, tr: trContracts },
  helpdeskDetail: { az: azHelpdeskDetail, en: enHelpdeskDetail, ru: ruHelpdeskDetail, tr: trHelpdeskDetail },
  finance: { az: azFinance, en: enFinance, ru: ruFinance, tr: trFinance },
  debts: { az: azDebts, en: enDebts, ru: ruDebts, tr: trDebts },
  money: { az: azMoney, en: enMoney, ru: ruMoney, tr: trMoney },
  documents: { az: azDocuments, en: enDocuments, ru: ruDocuments, tr: trDocuments },
  news: { az: azNews, en: enNews, ru: ruNews, tr: trNews },
  schedules: { az: azSchedules, en: enSchedules, ru: ruSchedules, tr: trSchedules },
  assets: { az: azAssets, en: enAssets, ru: ruAssets, tr: trAssets },
  notificationPrefs: { az: azNotificationPrefs, en: enNotificationPrefs, ru: ruNotificationPrefs, tr: trNotificationPrefs },
  mail: { az: azMail, en: enMail, ru: ruMail, tr: trMail },
  adminOutbox: { az: azAdminOutbox, en: enAdminOutbox, ru: ruAdminOutbox, tr: trAdminOutbox },
};
