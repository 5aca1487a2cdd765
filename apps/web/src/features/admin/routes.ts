/**
 * The pages of admin for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  users: () => import('./users/UsersPage').then((m) => ({ Component: m.UsersPage })),
  userDetail: () => import('./users/UserDetailPage').then((m) => ({ Component: m.UserDetailPage })),
  userTypes: () => import('./user-types/UserTypesPage').then((m) => ({ Component: m.UserTypesPage })),
  permissionExplainer: () => import('./permissions/PermissionExplainerPage').then((m) => ({ Component: m.PermissionExplainerPage })),
  org: () => import('./org/OrgPage').then((m) => ({ Component: m.OrgPage })),
  referenceLists: () => import('./reference-lists/ReferenceListsPage').then((m) => ({ Component: m.ReferenceListsPage })),
  translations: () => import('./translations/TranslationsPage').then((m) => ({ Component: m.TranslationsPage })),
  directory: () => import('./directory/DirectoryPage').then((m) => ({ Component: m.DirectoryPage })),
  outbox: () => import('./outbox/OutboxPage').then((m) => ({ Component: m.OutboxPage })),
};
