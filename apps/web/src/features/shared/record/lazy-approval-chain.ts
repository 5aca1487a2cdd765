import { lazyPart } from '../lazy-fields';

/**
 * The record page's approval chain ({@link ApprovalChain}: the engine's steps as the ui
 * ApprovalTimeline), loaded on its first render or when the page preloads it with
 * `usePreload(LazyApprovalChain)` — in parallel with the record's first request, since the chain
 * shows once the record is there (issue #19 bundle budgets). Same props as `ApprovalChain`.
 */
export const LazyApprovalChain = lazyPart(() => import('./ApprovalChain').then((m) => m.ApprovalChain));

/** The record kit's decision section ({@link RecordDecision}: the chain and the caller's DecisionBar), loaded like the chain. Same props as `RecordDecision`. */
export const LazyRecordDecision = lazyPart(() => import('./RecordDecision').then((m) => m.RecordDecision));

/** The waiting record's chain and decision bar ({@link ApprovalDecisionPanel}), loaded when My approvals first opens a row — so the chain stays one chunk of its own that the record pages preload. Same props as `ApprovalDecisionPanel`. */
export const LazyApprovalDecisionPanel = lazyPart(() => import('./ApprovalChain').then((m) => m.ApprovalDecisionPanel));
