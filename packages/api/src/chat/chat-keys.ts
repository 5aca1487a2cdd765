/** Query keys of the chat area: `chatKeys.history(partnerId)` holds the pages of one conversation. */
export const chatKeys = {
  all: ['chat'] as const,
  history: (partnerId: number) => [...chatKeys.all, 'history', partnerId] as const,
  unreadCounts: () => [...chatKeys.all, 'unreadCounts'] as const,
};
