export {
  ApprovalTimeline,
  type ApprovalDecision,
  type ApprovalOutcome,
  type ApprovalPerson,
  type ApprovalStep,
  type ApprovalStepMode,
  type ApprovalStepState,
  type ApprovalTimelineProps,
  type ApprovalTimelineTexts,
} from './ApprovalTimeline';
