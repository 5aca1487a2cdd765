import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, it } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { giveDataTablesHeight } from '../../../../test/datatable-layout';
import { expectEmptyListTexts } from '../../../../test/empty-list-texts';
import { mockServerForFile, signIn } from '../../../../test/render-app';
import { filtersKey } from '../../shared/filter-memory';
import { EQUIPMENT_TABLE_KEY } from '../shared/equipment-display';

const server = mockServerForFile();
beforeAll(() => giveDataTablesHeight());
beforeEach(() => {
  localStorage.clear();
  // No equipment request at all.
  server.use(http.post(apiPath('/equipment/requests/grid'), () => HttpResponse.json({ rows: [], total: 0, totalCapped: false })));
});

describe('equipment requests list', () => {
  it('an empty list says nothing matches while the status filter is set, "nothing here yet" without it', async () => {
    signIn();
    await expectEmptyListTexts({ path: '/home/inventory/requests', grid: 'Equipment requests', key: filtersKey(EQUIPMENT_TABLE_KEY), filters: { status: 'APPROVED' } });
  });
});
