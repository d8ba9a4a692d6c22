// The protocol-neutral view of a request that behaviours read: who said what, as plain text. Each
// wire protocol's request parser maps its own message format onto this.
import type { SimImage } from './images.ts';
import { countTokens } from './tokenize.ts';

export type SimRole = 'system' | 'user' | 'assistant' | 'tool';

export interface SimMessage {
  role: SimRole;
  /** The text parts joined; images and other media are left out. */
  text: string;
  /** For `tool` messages: which call this result answers. */
  toolCallId?: string;
  /** Pictures sent with the message, in the order they came. */
  images?: SimImage[];
}

export interface SimRequest {
  /** The model name as the client sent it (echoed back in answers). */
  model: string;
  messages: SimMessage[];
}

export function lastUserText(request: SimRequest): string {
  return request.messages.findLast((message) => message.role === 'user')?.text ?? '';
}

export function firstUserText(request: SimRequest): string {
  return request.messages.find((message) => message.role === 'user')?.text ?? '';
}

/** Tool results that arrived after the last user turn, i.e. the ones the model must now answer. */
export function pendingToolResults(request: SimRequest): SimMessage[] {
  const lastUser = request.messages.findLastIndex((message) => message.role === 'user');
  return request.messages.slice(lastUser + 1).filter((message) => message.role === 'tool');
}

/** Prompt size with the same token estimate as the answers, so usage figures are consistent. */
export function countPromptTokens(request: SimRequest): number {
  return request.messages.reduce((sum, message) => sum + countTokens(message.text), 0);
}
