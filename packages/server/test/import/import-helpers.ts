import { readFileSync } from 'node:fs';
import type { Conversation, ConversationListPage, Message } from '@parley/schema';
import type { TestServer } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

/** POST /api/convos/import with one file part. */
export function upload(
  server: TestServer,
  user: TestUser,
  body: string | string[],
  filename = 'export.json',
) {
  const form = new FormData();
  form.append('file', new Blob(Array.isArray(body) ? body : [body], { type: 'application/json' }), filename);
  return server.api('/api/convos/import', { method: 'POST', token: user.token, body: form });
}

export async function conversationsOf(server: TestServer, user: TestUser): Promise<Conversation[]> {
  const res = await server.api('/api/convos?pageSize=100', { token: user.token });
  return ((await res.json()) as ConversationListPage).conversations;
}

export async function messagesOf(
  server: TestServer,
  user: TestUser,
  conversationId: string,
): Promise<Message[]> {
  const res = await server.api(`/api/messages/${conversationId}`, { token: user.token });
  return (await res.json()) as Message[];
}

/** "text ← parent text" for every message, to compare tree shapes. */
export function treeShape(messages: Message[]): string[] {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  return messages.map((m) => `${m.text} ← ${byId.get(m.parentMessageId)?.text ?? 'ROOT'}`).sort();
}
