// What saving costs: replies through Parley on PGlite, counting the statements the database
// receives (PARLEY_METRICS query counter): reads, writes (statements that change rows, each atomic)
// and the row changes they make. Two shapes: the first message of new conversations, and
// follow-ups in one conversation. The user message is written before the upstream answer (with a
// new conversation's row, in the same statement); the answer is written with its conversation's
// update in one statement, so in one transaction. Prints one JSON line.
import { ENDPOINT, startParleyStack, type ParleyStack, type ServerMetrics } from './support/parley-stack.ts';
import { parleyText, timedStream } from './support/sse-probe.ts';
import { round } from './support/sse-probe.ts';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 50);
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

type Counts = ServerMetrics['queries'];

function perReply(q: Counts, n: number) {
  return {
    statements: round(q.statements / n),
    reads: round(q.reads / n),
    writes: round(q.writes / n),
    writeOperations: round(q.writeOperations / n),
    transactions: round(q.transactions / n),
  };
}

async function reply(stack: ParleyStack, text: string, conversationId: string | null, parent: string) {
  const timing = await timedStream(
    `${stack.parleyUrl}/api/agents/chat/${ENDPOINT}`,
    { text, model: 'echo', endpoint: ENDPOINT, conversationId, parentMessageId: parent },
    { authorization: `Bearer ${stack.token}` },
    parleyText,
  );
  const final = timing.others
    .map(
      (d) =>
        JSON.parse(d) as {
          final?: boolean;
          responseMessage?: { messageId: string; conversationId: string; text: string };
        },
    )
    .find((d) => d.final);
  if (final?.responseMessage?.text !== text)
    throw new Error(`reply failed: ${timing.status} ${timing.error ?? ''}`);
  return final.responseMessage;
}

const stack = await startParleyStack({ tokensPerSecond: 1000, firstTokenDelayMs: 0 });
try {
  await reply(stack, 'warm up', null, NO_PARENT);
  await stack.metrics(true);
  for (let i = 0; i < REPLIES; i++) await reply(stack, `new conversation ${i}`, null, NO_PARENT);
  const fresh = (await stack.metrics(true)).queries;
  let last = await reply(stack, 'first', null, NO_PARENT);
  await stack.metrics(true);
  for (let i = 0; i < REPLIES; i++)
    last = await reply(stack, `follow-up ${i}`, last.conversationId, last.messageId);
  const followUps = (await stack.metrics(true)).queries;
  console.log(
    JSON.stringify({
      bench: 'streams-persistence',
      database: 'pglite',
      replies: REPLIES,
      newConversation: perReply(fresh, REPLIES),
      followUp: perReply(followUps, REPLIES),
    }),
  );
} finally {
  await stack.stop();
}
