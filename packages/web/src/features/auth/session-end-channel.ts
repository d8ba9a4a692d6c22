import { create } from 'zustand';
import { authStore } from '../../store/auth-store';

/** The channel this browser's tabs tell each other on that the person logged out. */
export const SESSION_CHANNEL = 'parley-session';

/**
 * True in a tab whose session another tab ended with "Log out": the tab says so, keeps the text
 * in its message box (saved as a draft, which the next sign-in to the same account brings back)
 * and sends nothing, where before Send went to /login and the text was gone.
 */
export const useSessionEndedElsewhere = create<{ ended: boolean }>(() => ({ ended: false }));

/** Tells the other tabs that this one logged out (every tab's session ends with it). */
export function announceLogout(): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage('logged-out');
  channel.close();
}

/** Follows the other tabs' log-outs, and this tab's own sign-in (which ends the state). Returns the cleanup. */
export function followSessionEnd(): () => void {
  const stopAuth = authStore.subscribe((state, previous) => {
    if (state.status === 'authenticated' && previous.status !== 'authenticated')
      useSessionEndedElsewhere.setState({ ended: false });
  });
  if (typeof BroadcastChannel !== 'function') return stopAuth;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  const onMessage = (event: MessageEvent) => {
    if (event.data === 'logged-out') useSessionEndedElsewhere.setState({ ended: true });
  };
  channel.addEventListener('message', onMessage);
  return () => {
    stopAuth();
    channel.removeEventListener('message', onMessage);
    channel.close();
  };
}
