/**
 * The pages of documents for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  circulation: () => import('./circulation/CirculationPage').then((m) => ({ Component: m.CirculationPage })),
  document: () => import('./detail/DocumentPage').then((m) => ({ Component: m.DocumentPage })),
  registry: () => import('./registry/RegistryPage').then((m) => ({ Component: m.RegistryPage })),
  registryEntry: () => import('./registry/RegistryEntryPage').then((m) => ({ Component: m.RegistryEntryPage })),
};
