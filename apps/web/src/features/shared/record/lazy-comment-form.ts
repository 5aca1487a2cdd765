import { lazyPart } from '../lazy-fields';

/**
 * The record kit's comment form ({@link RecordCommentForm}: the @mention text area and its send
 * button), loaded on its first render or when the page preloads it with `usePreload` — it sits
 * below the record's fields, so a page keeps it out of its first paint (issue #19 bundle budgets).
 * Same props as `RecordCommentForm`.
 */
export const LazyRecordCommentForm = lazyPart(() => import('./RecordCommentForm').then((m) => m.RecordCommentForm));
