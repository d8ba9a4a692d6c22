/** The toasts feature as other folders see it: import from here, never from its other files. */
export { showToast } from './toast-store';
export { Toaster } from './toaster';
