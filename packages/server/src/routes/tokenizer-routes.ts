import { tokenizerRequestSchema, type TokenCount } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { countTokensOf } from '../services/context/token-count.ts';

/** `POST /api/tokenizer`: `{arg}` (a text or `{text}`) → `{count}`, OpenAI's o200k count (estimated
 * past a size, see bounded-token-count.mjs), counted off the event loop when the text is long. */
export function tokenizerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/tokenizer', { preHandler: authenticate(ctx) }, async (request): Promise<TokenCount> => {
    const { arg } = parse(tokenizerRequestSchema, request.body);
    const [count] = await countTokensOf([typeof arg === 'string' ? arg : arg.text]);
    return { count: count! };
  });
}
