import { useEffect, useRef } from 'react';
import { takeQueuedMessage, useHeldForOtherTab, useIsSending, useQueuedMessages } from '../chat-run';

interface QueueSenderInput {
  conversationId: string;
  /** This tab streams an answer in the conversation (its own, or one it follows). */
  submitting: boolean;
  /** The conversation's messages: reloading, and when they were last read. */
  messagesFetching: boolean;
  messagesUpdatedAt: number;
  /** The server's answer to "is this conversation generating?" (the active call): when, and what. */
  activeCheckedAt: number;
  activeFetching: boolean;
  stillActive: boolean;
  /** Sends one message as the user would (answers whether it went). */
  send: (text: string) => boolean;
  /** A message that could not go (offline) goes back into the box. */
  putBack: (text: string) => void;
}

/**
 * Sends the conversation's queued messages, oldest first, one per answer: once nothing answers in
 * it (not this tab, not another tab of this browser), so the server never sees a second message
 * while it answers (429 `concurrent`): after the answer ends, the active call the chat view makes
 * then must have said the conversation is free (the server's lock may outlive the final event by
 * a moment, and a reply saying "generating" makes the view follow it again). After another tab's
 * answer, the messages are read again first: the new message goes under that answer, which this
 * tab learns of from the reload.
 */
export function useQueueSender(input: QueueSenderInput): void {
  const { conversationId, submitting, messagesFetching, messagesUpdatedAt } = input;
  const { activeCheckedAt, activeFetching, stillActive } = input;
  const queued = useQueuedMessages(conversationId);
  const heldElsewhere = useHeldForOtherTab(conversationId);
  // A send just made starts its exchange in the next task: until then nothing is live yet, but
  // the conversation is taken (the next queued message waits for that answer).
  const sending = useIsSending(conversationId);
  const wasHeld = useRef(false);
  const wasBusy = useRef(false);
  const freshAfter = useRef(0);
  const endedAt = useRef(0);
  const latest = useRef(input);
  latest.current = input;

  useEffect(() => {
    if (wasHeld.current && !heldElsewhere) freshAfter.current = Date.now();
    wasHeld.current = heldElsewhere;
    const busy = submitting || sending || heldElsewhere;
    if (wasBusy.current && !busy) endedAt.current = Date.now();
    wasBusy.current = busy;
    if (queued.length === 0 || conversationId === 'new' || busy) return;
    if (messagesFetching || messagesUpdatedAt < freshAfter.current) return;
    if (activeFetching || stillActive || activeCheckedAt <= endedAt.current) return;
    const next = takeQueuedMessage(conversationId);
    if (next && !latest.current.send(next.text)) latest.current.putBack(next.text);
  }, [
    queued,
    conversationId,
    submitting,
    sending,
    heldElsewhere,
    messagesFetching,
    messagesUpdatedAt,
    activeCheckedAt,
    activeFetching,
    stillActive,
  ]);
}
