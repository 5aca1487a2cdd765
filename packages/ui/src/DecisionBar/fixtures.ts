import type { DecisionBarTexts } from './DecisionBar';

/* English texts shared by the stories and the test (not exported by the package). */
export const englishTexts: DecisionBarTexts = {
  label: 'Your decision',
  approve: 'Approve',
  reject: 'Reject',
  return: 'Return to the author',
  commentLabel: 'Comment',
  commentHint: 'Required to reject or return, at least 10 characters. Ctrl+Enter sends.',
  commentRequired: 'Write at least 10 characters',
  cancel: 'Cancel',
};
