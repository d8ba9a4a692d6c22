import { ASK_USER_LIMITS, ASK_USER_TOOL } from '@parley/schema';
import { z } from 'zod';
import type { Tool } from './tool.ts';

const input = z.strictObject({
  question: z.string().trim().min(1).max(ASK_USER_LIMITS.question),
  choices: z
    .array(z.string().trim().min(1).max(ASK_USER_LIMITS.choice))
    .max(ASK_USER_LIMITS.choices)
    .optional(),
});

/**
 * `ask_user`: the agent asks the user a question in the middle of a run (with choices shown as
 * buttons, or free text) and goes on with the answer. The run pauses on the call until the user
 * answers (`POST /api/agents/chat/answer`); a client that cannot answer gets an error output, so
 * the model goes on without one.
 */
export const askUserTool: Tool<typeof input> = {
  name: ASK_USER_TOOL,
  description:
    'Ask the user a question and wait for their answer. Use it when you need a decision or a detail only the user can give. Give `choices` when the answer is one of a few options.',
  input,
  authConfig: [],
  waitsForUser: true,
  async run({ question, choices }, context) {
    if (!context.ask)
      throw new Error('the user cannot answer questions in this client; go on without asking');
    const answer = await context.ask(question, choices ?? []);
    return `The user answered: ${answer}`;
  },
};
