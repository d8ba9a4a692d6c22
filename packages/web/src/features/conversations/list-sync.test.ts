import type { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { announceListChange, followOtherTabs, LIST_SYNC_CHANNEL, LIST_SYNC_DELAY_MS } from './list-sync';

// Long enough for a message and the burst delay on a loaded machine.
const settle = () => new Promise((r) => setTimeout(r, LIST_SYNC_DELAY_MS + 1_000));

describe('conversation lists across tabs', () => {
  const otherTab = new BroadcastChannel(LIST_SYNC_CHANNEL);
  let stop = () => {};
  afterEach(() => stop());

  function listening() {
    const invalidateQueries = vi.fn(() => Promise.resolve());
    stop = followOtherTabs({ invalidateQueries } as unknown as QueryClient);
    return invalidateQueries;
  }

  it("refetches this tab's lists and open conversation once per burst of another tab's changes", async () => {
    const invalidate = listening();
    otherTab.postMessage('lists-changed');
    otherTab.postMessage('lists-changed');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalled(), { timeout: 5_000 });
    await settle();
    // The lists, and the open conversation (its header's title), each once.
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversation'] });
  });

  it("does not answer its own announcements, or messages that are not the channel's", async () => {
    const invalidate = listening();
    announceListChange();
    otherTab.postMessage({ type: 'lists-changed', conversations: [{ title: 'injected' }] });
    otherTab.postMessage('x'.repeat(100_000));
    otherTab.postMessage(null);
    await settle();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('stops listening when cleaned up', async () => {
    const invalidate = listening();
    stop();
    otherTab.postMessage('lists-changed');
    await settle();
    expect(invalidate).not.toHaveBeenCalled();
  });
  afterAll(() => otherTab.close());
});
