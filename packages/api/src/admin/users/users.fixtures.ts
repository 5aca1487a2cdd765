import { adminAuditList, adminUserRow, type AdminUserRow } from '@servicedesk/contracts';
import { z } from 'zod';

/*
 * Fixtures of the users administration, parsed by the contracts at import (a drifted fixture
 * fails every test and story that loads it). Positions and locations are those the users
 * fixtures point at (ids as in the demo seed's order).
 */

/** Positions the fixture users hold. */
export const userPositionsFixture = [
  { id: 1, name: 'Sistem administratoru' },
  { id: 2, name: 'Mütəxəssis' },
  { id: 3, name: 'Qrup rəhbəri' },
  { id: 4, name: 'İT mühəndisi' },
];

/** Locations the fixture users work at. */
export const userLocationsFixture = [
  { id: 1, name: 'Baş ofis, Bakı' },
  { id: 2, name: 'Gəncə filialı' },
];

const created = '2026-01-10T08:00:00.000Z';

/** The users list (user type ids as in userTypes.fixtures: 1 admin, 2 employee, 3 group lead). */
export const adminUsersFixture: AdminUserRow[] = z.array(adminUserRow).parse([
  {
    id: 1, firstName: 'Aysel', lastName: 'Məmmədova', email: 'admin@servicedesk.az', phone: '994501234567', imgPath: null,
    positionId: 1, positionName: 'Sistem administratoru', locationId: 1, locationName: 'Baş ofis, Bakı',
    userTypeId: 1, userTypeName: 'Administrator', language: 'az', isActive: true, deactivationReason: null, createdAt: created,
  },
  {
    id: 2, firstName: 'Rəşad', lastName: 'Əliyev', email: 'employee@servicedesk.az', phone: null, imgPath: null,
    positionId: 2, positionName: 'Mütəxəssis', locationId: 1, locationName: 'Baş ofis, Bakı',
    userTypeId: 2, userTypeName: 'Əməkdaş', language: 'az', isActive: true, deactivationReason: null, createdAt: created,
  },
  {
    id: 3, firstName: 'Günel', lastName: 'Hüseynova', email: 'lead@servicedesk.az', phone: null, imgPath: null,
    positionId: 3, positionName: 'Qrup rəhbəri', locationId: 1, locationName: 'Baş ofis, Bakı',
    userTypeId: 3, userTypeName: 'Qrup rəhbəri', language: 'en', isActive: true, deactivationReason: null, createdAt: created,
  },
  {
    id: 4, firstName: 'Elvin', lastName: 'Quliyev', email: 'executor@servicedesk.az', phone: '994552345678', imgPath: null,
    positionId: 4, positionName: 'İT mühəndisi', locationId: 2, locationName: 'Gəncə filialı',
    userTypeId: 2, userTypeName: 'Əməkdaş', language: 'ru', isActive: true, deactivationReason: null, createdAt: created,
  },
  {
    id: 5, firstName: 'Orxan', lastName: 'Cəfərov', email: 'former@servicedesk.az', phone: null, imgPath: null,
    positionId: null, positionName: null, locationId: null, locationName: null,
    userTypeId: 2, userTypeName: 'Əməkdaş', language: 'tr', isActive: false,
    deactivationReason: 'Left the company in October', createdAt: created,
  },
]);

/** The audit history of user 5 (created, updated, deactivated), newest first. */
export const userAuditFixture = adminAuditList.parse([
  {
    id: 3, actorId: 1, actorName: 'Aysel Məmmədova', entityType: 'user', entityId: 5, action: 'deactivate',
    changes: { reason: 'Left the company in October' }, createdAt: '2026-10-31T14:00:00.000Z',
  },
  {
    id: 2, actorId: 1, actorName: 'Aysel Məmmədova', entityType: 'user', entityId: 5, action: 'update',
    changes: { positionId: { from: 2, to: null } }, createdAt: '2026-06-01T09:30:00.000Z',
  },
  {
    id: 1, actorId: null, actorName: null, entityType: 'user', entityId: 5, action: 'create',
    changes: {}, createdAt: created,
  },
]);
