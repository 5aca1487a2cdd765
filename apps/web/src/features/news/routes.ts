/**
 * The pages of news for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  newsFeed: () => import('./NewsFeedPage').then((m) => ({ Component: m.NewsFeedPage })),
  newsPost: () => import('./NewsPostPage').then((m) => ({ Component: m.NewsPostPage })),
  newsEditor: () => import('./NewsEditorPage').then((m) => ({ Component: m.NewsEditorPage })),
};
