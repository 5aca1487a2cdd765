import { groupDetail, orgItemList } from '@servicedesk/contracts';
import { z } from 'zod';

/*
 * Fixtures of the organisation structure, parsed by the contracts at import (a drifted fixture
 * fails every test and story that loads it). Names as in the demo seed; member user ids are
 * those of usersNameAndIdFixture (global.fixtures).
 */

/** Positions (one inactive). */
export const positionsFixture = orgItemList.parse([
  { id: 1, name: 'Sistem administratoru', isActive: true, userCount: 1 },
  { id: 2, name: 'Mütəxəssis', isActive: true, userCount: 4 },
  { id: 3, name: 'Qrup rəhbəri', isActive: true, userCount: 1 },
  { id: 4, name: 'İT mühəndisi', isActive: true, userCount: 1 },
  { id: 5, name: 'Arxivçi', isActive: false, userCount: 0 },
]);

/** Locations. */
export const locationsFixture = orgItemList.parse([
  { id: 1, name: 'Baş ofis, Bakı', isActive: true, userCount: 8 },
  { id: 2, name: 'Gəncə filialı', isActive: true, userCount: 2 },
]);

/** Groups with their members (the first is led by Rəşad Əliyev). */
export const groupsFixture = z.array(groupDetail).parse([
  {
    id: 1,
    name: 'İT dəstək',
    isActive: true,
    memberCount: 2,
    leadUserId: 2,
    leadName: 'Rəşad Əliyev',
    members: [
      { userId: 2, name: 'Rəşad Əliyev', email: 'lead@servicedesk.az', positionName: 'Qrup rəhbəri', isLead: true, isActive: true },
      { userId: 4, name: 'Tural İsmayıllı', email: 'executor@servicedesk.az', positionName: 'İT mühəndisi', isLead: false, isActive: true },
    ],
  },
  {
    id: 2,
    name: 'Mühasibatlıq',
    isActive: true,
    memberCount: 1,
    leadUserId: null,
    leadName: null,
    members: [
      { userId: 5, name: 'Şəbnəm Quliyeva', email: 'accountant@servicedesk.az', positionName: 'Mütəxəssis', isLead: false, isActive: true },
    ],
  },
]);
