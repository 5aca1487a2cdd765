import type { RouteObject } from 'react-router-dom';
import type { RouteServices } from '../features/access/route-permission';
import { routes as approvals } from '../features/approvals/module';
import { routes as helpdesk } from '../features/helpdesk/module';
import { routes as finance } from '../features/finance/module';
import { routes as equipment } from '../features/equipment/module';
import { routes as stock } from '../features/stock/module';
import { routes as contracts } from '../features/contracts/module';
import { routes as documents } from '../features/documents/module';
import { routes as news } from '../features/news/module';
import { routes as schedules } from '../features/schedules/module';
import { routes as debts } from '../features/debts/module';
import { routes as admin } from '../features/admin/module';

/**
 * Every back-office feature's routes under /home, as each feature declares them in its
 * `module.ts` (paths, page permissions, the lazy pages). Adding a feature's pages: its module.ts
 * and one entry here; the router assembles them (router.tsx).
 */
export const featureRoutes: readonly ((services: RouteServices) => RouteObject[])[] = [
  approvals,
  helpdesk,
  finance,
  equipment,
  stock,
  contracts,
  documents,
  news,
  schedules,
  debts,
  admin,
];
