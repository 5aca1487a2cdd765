import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { globalRoutes } from './global/global.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { notificationPreferenceRoutes } from './notifications/notifications.preferences.routes';
import { chatRoutes } from './chat/chat.routes';
import { usersRoutes } from './users/users.routes';
import { directoryRoutes } from './directory/directory.routes';
import { outboxRoutes } from './outbox/outbox.routes';
import { userTypesRoutes } from './userTypes/userTypes.routes';
import { orgRoutes } from './org/org.routes';
import { fileRoutes } from './files/files.routes';
import { translationRoutes } from './translations/translations.routes';
import { modalElementRoutes } from './modalElements/modalElements.routes';
import { helpdeskRoutes } from './helpdesk/helpdesk.routes';
import { equipmentRoutes } from './equipment/equipment.routes';
import { assetRoutes, purchaseRoutes } from './equipment/equipment.assets.routes';
import { approvalRoutes } from './approvals/approvals.routes';
import { financeRoutes } from './finance/finance.routes';
import { stockRoutes } from './stock/stock.routes';
import { contractRoutes } from './contracts/contracts.routes';
import { debtReportRoutes, dislocationRoutes } from './debts/debts.routes';
import { documentsRoutes } from './documents/documents.routes';
import { newsRoutes } from './news/news.routes';
import { scheduleRoutes } from './schedules/schedules.routes';
import { inboundMailRoutes } from './inboundMail/inboundMail.routes';
import type map from './modules.json';

/** A module's name: a folder of src/modules, declared in modules.json as platform or business. */
export type ModuleName = (typeof map.platform)[number] | keyof typeof map.business;

/** One module as the app mounts it: its name and its route plugins, each under its URL prefix. */
export interface ServerModule {
  name: ModuleName;
  /** Fastify plugins with the prefix each is registered under (SPEC §7's `/api/...` paths). */
  routes: readonly { plugin: FastifyPluginAsync; prefix: string }[];
}

const mount = (plugin: FastifyPluginAsync, prefix: string) => ({ plugin, prefix });

/**
 * Every module with routes, in the order the app registers them: the platform first, then each
 * business module after the business modules it builds on (modules.json; checked by
 * test/boundaries.test.ts). A routes plugin registers its module's hooks into the foundation
 * (record rules, approval kinds, jobs) as it is registered. Sessions has no routes of its own.
 */
export const serverModules: readonly ServerModule[] = [
  { name: 'auth', routes: [mount(authRoutes, '/api/auth')] },
  { name: 'global', routes: [mount(globalRoutes, '/api/global')] },
  { name: 'notifications', routes: [mount(notificationRoutes, '/api/global/Layout'), mount(notificationPreferenceRoutes, '/api/notifications')] },
  { name: 'chat', routes: [mount(chatRoutes, '/api/chat')] },
  { name: 'users', routes: [mount(usersRoutes, '/api/admin/users')] },
  { name: 'directory', routes: [mount(directoryRoutes, '/api/admin/directory')] },
  { name: 'outbox', routes: [mount(outboxRoutes, '/api/admin/outbox')] },
  { name: 'userTypes', routes: [mount(userTypesRoutes, '/api/admin/userTypes')] },
  { name: 'org', routes: [mount(orgRoutes, '/api/admin')] },
  { name: 'files', routes: [mount(fileRoutes, '/api/global')] },
  { name: 'translations', routes: [mount(translationRoutes, '/api/admin/translations')] },
  { name: 'modalElements', routes: [mount(modalElementRoutes, '/api/global')] },
  { name: 'dashboard', routes: [mount(dashboardRoutes, '/api/dashboard')] },
  { name: 'helpdesk', routes: [mount(helpdeskRoutes, '/api/helpdesk')] },
  { name: 'stock', routes: [mount(stockRoutes, '/api/stock')] },
  { name: 'equipment', routes: [mount(equipmentRoutes, '/api/equipment'), mount(purchaseRoutes, '/api/equipment/purchases'), mount(assetRoutes, '/api/assets')] },
  { name: 'approvals', routes: [mount(approvalRoutes, '/api/approvals')] },
  { name: 'debts', routes: [mount(debtReportRoutes, '/api/debtReports'), mount(dislocationRoutes, '/api/dislocation')] },
  { name: 'finance', routes: [mount(financeRoutes, '/api/finance')] },
  { name: 'contracts', routes: [mount(contractRoutes, '/api/contracts')] },
  { name: 'documents', routes: [mount(documentsRoutes, '/api/documents')] },
  { name: 'news', routes: [mount(newsRoutes, '/api/news')] },
  { name: 'schedules', routes: [mount(scheduleRoutes, '/api/schedules')] },
  { name: 'inboundMail', routes: [mount(inboundMailRoutes, '/api/admin/inboundMail')] },
];
