import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { messages, type MessageRow } from '../../src/db/schema/index.ts';
import { insertConversation } from '../conversations/fixtures.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A running server with two users, a conversation of the first, and a look at stored rows. */
export interface MessageTestEnv {
  server: TestServer;
  alice: TestUser;
  /** The other user, whose requests on alice's messages must be answered 404. */
  bob: TestUser;
  /** A conversation of alice's to insert messages into. */
  convoId: string;
  /** The message row as the database holds it, bypassing the API. */
  stored(messageId: string): Promise<MessageRow>;
}

/**
 * Starts the environment the message route tests share, before the tests of the calling
 * `describe`, and stops it after them. The fields are filled once the hooks have run.
 */
export function useMessageTestEnv(): MessageTestEnv {
  const env = {
    stored: async (messageId: string) =>
      (await env.server.ctx.db.select().from(messages).where(eq(messages.messageId, messageId)))[0]!,
  } as MessageTestEnv;
  beforeAll(async () => {
    env.server = await startTestServer();
    env.alice = await createTestUser(env.server);
    env.bob = await createTestUser(env.server);
    env.convoId = (await insertConversation(env.server, env.alice.id)).conversationId;
  });
  afterAll(() => env.server.stop());
  return env;
}
