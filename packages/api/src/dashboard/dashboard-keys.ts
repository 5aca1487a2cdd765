/** Query keys of the dashboard area (TkDodo's key factory). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: () => [...dashboardKeys.all, 'statistics'] as const,
};
