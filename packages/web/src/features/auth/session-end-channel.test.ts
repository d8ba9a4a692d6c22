import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearSession, setSession } from '../../store/auth-store';
import { followSessionEnd, SESSION_CHANNEL, useSessionEndedElsewhere } from './session-end-channel';

describe('a session ended in another tab', () => {
  const otherTab = new BroadcastChannel(SESSION_CHANNEL);
  let stop = () => {};
  afterEach(() => {
    stop();
    useSessionEndedElsewhere.setState({ ended: false });
  });

  it('is marked when another tab logs out, and cleared when this tab signs in again', async () => {
    setSession('token', null);
    stop = followSessionEnd();
    otherTab.postMessage('logged-out');
    await vi.waitFor(() => expect(useSessionEndedElsewhere.getState().ended).toBe(true));
    clearSession();
    expect(useSessionEndedElsewhere.getState().ended).toBe(true);
    setSession('fresh', null);
    expect(authStore.getState().status).toBe('authenticated');
    expect(useSessionEndedElsewhere.getState().ended).toBe(false);
  });

  it('ignores other messages and stops listening when cleaned up', async () => {
    stop = followSessionEnd();
    otherTab.postMessage({ type: 'logged-out' });
    otherTab.postMessage('something else');
    stop();
    otherTab.postMessage('logged-out');
    await new Promise((r) => setTimeout(r, 300));
    expect(useSessionEndedElsewhere.getState().ended).toBe(false);
  });
});
