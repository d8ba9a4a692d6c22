/** The chat run (one generation from send to final, its live state and the query cache it writes) as other folders see it: import from here, never from its other files. */
export {
  followAnsweringTabs,
  holdIfAnsweredElsewhere,
  useAnsweringTabs,
  useHeldForOtherTab,
} from './answering-tabs';
export { CONNECTION_ERROR_TEXT } from './chat-run';
export { errorDisplay, type ErrorDisplay } from './error-text';
export { useIsSending, useIsSubmitting, useLive, useLiveAnswer } from './live-store';
export { cachedMessages, patchMessage } from './message-cache';
export { usePendingMemoryNotice } from './pending-memory-notice';
export { isUnsentFailure, resendFailed } from './resend-failed';
export { rowKeyOf } from './row-keys';
export { resumeGeneration, sendMessage, stopGeneration } from './run-registry';
export { parentForNewMessage } from './send-parent';
export { liveMessage, plainText } from './stream-reducer';
export {
  queueMessage,
  takeQueuedMessage,
  unqueueMessage,
  useQueuedMessages,
  type QueuedMessage,
} from './message-queue';
