import {
  foldStepEvents,
  type ContentPart,
  type Message,
  type StepEventLike,
  type StepFold,
} from '@parley/schema';

/**
 * The answer being generated, as the stream events build it (PROTOCOL.md). Pure: the chat
 * controller feeds it batches of events once per animation frame.
 */
export type LiveAnswer = StepFold & {
  /** The `attachment` events so far: files the answer's tools made. */
  attachments?: Record<string, unknown>[];
};

export const EMPTY_ANSWER: LiveAnswer = { responseMessageId: null, content: [], steps: {} };

/** A step event as the stream delivers it (see `StepEventLike` in the schema). */
export type StepEventData = StepEventLike;

function textOf(part: ContentPart | undefined, key: 'text' | 'think'): string {
  const value = part?.[key];
  return typeof value === 'string' ? value : '';
}

/** Applies a batch of step events; the input answer is left untouched. */
export function applySteps(answer: LiveAnswer, events: readonly StepEventData[]): LiveAnswer {
  if (events.length === 0) return answer;
  // The fold replaces the parts it changes; copying the array and the step map keeps the
  // previous frame's answer intact.
  const fold = foldStepEvents(
    { responseMessageId: answer.responseMessageId, content: [...answer.content], steps: { ...answer.steps } },
    events,
  );
  return answer.attachments ? { ...fold, attachments: answer.attachments } : fold;
}

/** An `attachment` event: the file joins the answer's attachments; the input is left untouched. */
export function withAttachment(answer: LiveAnswer, attachment: Record<string, unknown>): LiveAnswer {
  return { ...answer, attachments: [...(answer.attachments ?? []), attachment] };
}

/** A re-attached stream starts from the content so far. */
export function answerFromResume(
  responseMessageId: string,
  content: ContentPart[],
  runSteps: readonly { id: string; index: number }[] = [],
): LiveAnswer {
  const steps: Record<string, number> = {};
  for (const step of runSteps) steps[step.id] = step.index;
  return { responseMessageId, content: content.map((p) => ({ ...p })), steps };
}

/** The plain text of content parts (text parts joined), as the server derives it. */
export function plainText(content: readonly ContentPart[]): string {
  let text = '';
  for (const part of content) if (part.type === 'text') text += textOf(part, 'text');
  return text;
}

/** The response message as shown while streaming. */
export function liveMessage(base: Message, answer: LiveAnswer): Message {
  const message = { ...base, content: answer.content, text: plainText(answer.content) };
  if (!answer.attachments?.length) return message;
  // A continued answer keeps the files it had; the new ones follow.
  const before = Array.isArray(base.attachments) ? (base.attachments as unknown[]) : [];
  return { ...message, attachments: [...before, ...answer.attachments] };
}
