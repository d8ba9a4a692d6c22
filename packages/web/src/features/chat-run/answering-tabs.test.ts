import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANSWERING_CHANNEL } from './answering-elsewhere';
import { followAnsweringTabs, holdIfAnsweredElsewhere, useAnsweringTabs } from './answering-tabs';
import { useLive, type Generation } from './live-store';
import { EMPTY_ANSWER } from './stream-reducer';

const generation = (key: string): Generation => ({
  key,
  userMessageId: 'u',
  placeholderId: 'p',
  answer: EMPTY_ANSWER,
  stopRequested: false,
});

describe('tabs telling each other what they answer', () => {
  // The other tab: a second channel object of the same name hears this tab and speaks to it.
  const otherTab = new BroadcastChannel(ANSWERING_CHANNEL);
  const heard: unknown[] = [];
  otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
  let stop = () => {};
  const ended = vi.fn();

  beforeAll(() => vi.stubGlobal('window', new EventTarget()));
  afterEach(() => {
    stop();
    heard.length = 0;
    ended.mockReset();
    useLive.setState({ generations: {} });
    useAnsweringTabs.setState({ elsewhere: [], held: [] });
  });
  afterAll(() => {
    otherTab.close();
    vi.unstubAllGlobals();
  });

  it('asks the others on start, and announces its own named conversations when they change', async () => {
    stop = followAnsweringTabs(ended);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: 'ask' }));
    useLive.getState().put(generation('new'));
    useLive.getState().rekey('new', 'c1');
    await vi.waitFor(() =>
      expect(heard).toContainEqual(expect.objectContaining({ type: 'answering', conversations: ['c1'] })),
    );
    // Asked, it announces again.
    heard.length = 0;
    otherTab.postMessage({ type: 'ask' });
    await vi.waitFor(() =>
      expect(heard).toContainEqual(expect.objectContaining({ type: 'answering', conversations: ['c1'] })),
    );
    useLive.getState().remove('c1');
    await vi.waitFor(() =>
      expect(heard).toContainEqual(expect.objectContaining({ type: 'answering', conversations: [] })),
    );
    // A page that goes says it answers nothing.
    heard.length = 0;
    useLive.getState().put(generation('c2'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() =>
      expect(heard).toContainEqual(expect.objectContaining({ type: 'answering', conversations: [] })),
    );
  });

  it('holds a send while another tab answers, and releases it (reloading) when that answer ends', async () => {
    stop = followAnsweringTabs(ended);
    expect(holdIfAnsweredElsewhere('c1')).toBe(false);
    otherTab.postMessage({ type: 'answering', tab: 'A', conversations: ['c1'] });
    await vi.waitFor(() => expect(useAnsweringTabs.getState().elsewhere).toEqual(['c1']));
    expect(holdIfAnsweredElsewhere('c1')).toBe(true);
    expect(holdIfAnsweredElsewhere('c2')).toBe(false);
    expect(useAnsweringTabs.getState().held).toEqual(['c1']);
    otherTab.postMessage({ type: 'answering', tab: 'A', conversations: [] });
    await vi.waitFor(() => expect(useAnsweringTabs.getState().held).toEqual([]));
    expect(ended).toHaveBeenCalledExactlyOnceWith('c1');
  });

  it('keeps holding while this tab still follows the answer, and releases when its run ends', async () => {
    stop = followAnsweringTabs(ended);
    otherTab.postMessage({ type: 'answering', tab: 'A', conversations: ['c1'] });
    await vi.waitFor(() => expect(useAnsweringTabs.getState().elsewhere).toEqual(['c1']));
    holdIfAnsweredElsewhere('c1');
    // This tab follows the other's answer (the resume call).
    useLive.getState().put(generation('c1'));
    otherTab.postMessage({ type: 'answering', tab: 'A', conversations: [] });
    await vi.waitFor(() => expect(useAnsweringTabs.getState().elsewhere).toEqual([]));
    expect(useAnsweringTabs.getState().held).toEqual(['c1']);
    useLive.getState().remove('c1');
    expect(useAnsweringTabs.getState().held).toEqual([]);
    expect(ended).toHaveBeenCalledExactlyOnceWith('c1');
  });

  it('forgets a tab that went without a word once this tab saw the answer end', async () => {
    stop = followAnsweringTabs(ended);
    otherTab.postMessage({ type: 'answering', tab: 'crashed', conversations: ['c1'] });
    await vi.waitFor(() => expect(useAnsweringTabs.getState().elsewhere).toEqual(['c1']));
    holdIfAnsweredElsewhere('c1');
    useLive.getState().put(generation('c1'));
    // The resume call found nothing (or followed it to its end): the run ends.
    useLive.getState().remove('c1');
    expect(useAnsweringTabs.getState().elsewhere).toEqual([]);
    expect(useAnsweringTabs.getState().held).toEqual([]);
    expect(ended).toHaveBeenCalledWith('c1');
  });

  it('ignores messages that are not announcements, and stops listening when cleaned up', async () => {
    stop = followAnsweringTabs(ended);
    otherTab.postMessage({ type: 'answering', tab: 'A', conversations: 'c1' });
    otherTab.postMessage('x'.repeat(100_000));
    await new Promise((r) => setTimeout(r, 300));
    expect(useAnsweringTabs.getState().elsewhere).toEqual([]);
    stop();
    otherTab.postMessage({ type: 'answering', tab: 'A', conversations: ['c1'] });
    await new Promise((r) => setTimeout(r, 300));
    expect(useAnsweringTabs.getState().elsewhere).toEqual([]);
  });
});
