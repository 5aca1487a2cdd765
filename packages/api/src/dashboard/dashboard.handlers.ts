import { http, HttpResponse } from 'msw';
import { apiPath } from '../mock-utils';
import { statisticsFixture } from './dashboard.fixtures';

/** MSW handlers of the dashboard area. */
export function createDashboardHandlers() {
  return [http.get(apiPath('/dashboard/statistics'), () => HttpResponse.json(statisticsFixture))];
}

/** The default set. */
export const dashboardHandlers = createDashboardHandlers();
