// The query cache's key of the conversation lists. A file of its own because the list's queries
// (conversations-api.ts) announce their changes to other tabs (list-sync.ts), which refetch the
// lists under this key: held by either one, the two files would import each other.
export const conversationKeys = {
  list: ['conversations'] as const,
};
