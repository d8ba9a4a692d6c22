import { create } from 'zustand';
import {
  ANSWERING_CHANNEL,
  announcedKeys,
  OtherTabsAnswering,
  readAnnouncement,
} from './answering-elsewhere';
import { useLive } from './live-store';
import { randomUuid } from '../../lib/random-uuid';

interface AnsweringTabsState {
  /** Conversations another tab of this browser is answering now. */
  elsewhere: string[];
  /**
   * Conversations where the user tried to send while another tab was answering: the message
   * stays in the box and a note says why, until that answer ends.
   */
  held: string[];
}

export const useAnsweringTabs = create<AnsweringTabsState>(() => ({ elsewhere: [], held: [] }));

/**
 * Called before sending in `conversationId`: when another tab is answering it, the conversation is
 * held (the note shows) and true is returned — the caller keeps the text and sends nothing.
 */
export function holdIfAnsweredElsewhere(conversationId: string): boolean {
  const { elsewhere, held } = useAnsweringTabs.getState();
  if (!elsewhere.includes(conversationId)) return false;
  if (!held.includes(conversationId)) useAnsweringTabs.setState({ held: [...held, conversationId] });
  return true;
}

/** Whether the note "answering in another tab" shows for this conversation. */
export function useHeldForOtherTab(conversationId: string): boolean {
  return useAnsweringTabs((s) => s.held.includes(conversationId));
}

/**
 * Joins this browser's tabs on their shared channel: announces the conversations this tab streams
 * whenever that list changes (and when another tab asks, and an empty list when the page goes),
 * and keeps `elsewhere` up to date from the other tabs' announcements. A held conversation that
 * no tab answers any more is released: `onEnded` reloads its messages. Returns the cleanup.
 */
export function followAnsweringTabs(onEnded: (conversationId: string) => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(ANSWERING_CHANNEL);
  const tab = randomUuid();
  const others = new OtherTabsAnswering();
  let announced: string[] = [];

  const announce = (always: boolean) => {
    const conversations = announcedKeys(Object.keys(useLive.getState().generations));
    if (!always && conversations.join('\n') === announced.join('\n')) return;
    announced = conversations;
    channel.postMessage({ type: 'answering', tab, conversations });
  };
  const publish = () => useAnsweringTabs.setState({ elsewhere: others.list() });
  const release = () => {
    const live = useLive.getState().generations;
    const { held } = useAnsweringTabs.getState();
    const ended = held.filter((id) => !others.has(id) && !live[id]);
    if (ended.length === 0) return;
    useAnsweringTabs.setState({ held: held.filter((id) => !ended.includes(id)) });
    for (const id of ended) onEnded(id);
  };

  const stopFollowingLive = useLive.subscribe((state, previous) => {
    announce(false);
    // This tab followed a held conversation's answer (the resume call) and it ended: the server
    // is done with it, whatever the other tabs said last.
    let forgot = false;
    for (const id of useAnsweringTabs.getState().held) {
      if (previous.generations[id] && !state.generations[id]) forgot = others.forget(id) || forgot;
    }
    if (forgot) publish();
    release();
  });
  const onMessage = (event: MessageEvent) => {
    const announcement = readAnnouncement(event.data);
    if (!announcement) return;
    if (announcement.type === 'ask') {
      announce(true);
      return;
    }
    if (!others.apply(announcement)) return;
    publish();
    release();
  };
  const goodbye = () => {
    announced = [];
    channel.postMessage({ type: 'answering', tab, conversations: [] });
  };
  // A page kept in the back-forward cache comes back with its runs: they are announced again.
  const back = () => announce(true);
  channel.addEventListener('message', onMessage);
  window.addEventListener('pagehide', goodbye);
  window.addEventListener('pageshow', back);
  channel.postMessage({ type: 'ask' });
  announce(false);
  return () => {
    stopFollowingLive();
    window.removeEventListener('pagehide', goodbye);
    window.removeEventListener('pageshow', back);
    channel.removeEventListener('message', onMessage);
    channel.close();
  };
}
