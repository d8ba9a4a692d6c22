/** The chat feature as other folders see it: import from here, never from its other files. */
export { CONNECTION_ERROR_TEXT } from './chat-run';
export { sendMessage } from './run-registry';
export { errorDisplay } from './error-text';
export { useIsSubmitting, useLiveAnswer } from './live-store';
export { patchMessage } from './message-cache';
export { liveMessage } from './stream-reducer';
export { isUnsentFailure, resendFailed } from './resend-failed';
