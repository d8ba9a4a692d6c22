import type { PendingToolApproval } from '@parley/schema';
import { z } from 'zod';
import { eventLoopBudget, type TurnBudget } from '../../event-loop/turn-budget.ts';
import type { AnswerEvent } from '../generation/answer-event.ts';
import type { AnswerSource } from '../generation/model-call.ts';
import type { ProviderMessage, ProviderToolCall, TokenUsage } from '../providers/provider.ts';
import { providerTool } from './provider-tool.ts';
import type { Tool, ToolProgress } from './tool.ts';
import {
  DEFAULT_AUTH_WAIT,
  runToolCall,
  type AuthWait,
  type CallOutcome,
  type CredentialSource,
} from './tool-call-runner.ts';
import { MODEL_OUTPUT_LIMIT, SAVED_OUTPUT_LIMIT, truncated } from './tool-output.ts';
import { progressEvent } from './tool-progress.ts';
import type { SignInWaits, ToolSignIn } from './tool-sign-in.ts';
import type { ApprovalSetup } from './tool-call-approval.ts';

/** What one tool run is set up with: the tools offered, its step limit and whose run it is. */
export interface ToolRunSetup {
  tools: readonly Tool[];
  /**
   * The most steps of the run. A model call is one step and a round of tool calls another (the
   * counting of LibreChat's agents, whose parley.yaml settings these are): a limit of 25 allows
   * twelve rounds of tools and a last answer.
   */
  recursionLimit: number;
  userId: string;
  conversationId: string;
  credentials: CredentialSource;
  authWait?: AuthWait;
  /** Where calls that need an OAuth sign-in wait for it (the registry's). */
  signInWaits: SignInWaits;
  /**
   * Sign-ins to do before the first model call: tools the run was asked for whose server lists
   * them only once the user signed in. Each is a step of its own; the tools it yields are offered.
   */
  signIns?: readonly ToolSignIn[];
  /**
   * Which calls need the user's approval and whether the client can give it; without it `ask`
   * calls are declined (clients that cannot answer, such as the `/v1` API).
   */
  approval?: ApprovalSetup;
  /** The event loop's turn budget the run's work waits for (the server's one; tests give their own). */
  budget?: TurnBudget;
}

/** The error a run that needs more steps than its limit ends with. */
export function recursionLimitMessage(limit: number): string {
  return `The agent stopped after ${limit} steps, its recursion limit, before it finished its answer. Ask for less at once, or raise the agent's recursion limit.`;
}

/**
 * The tool loop as an answer source: calls the model with the tools, runs the calls it asks for
 * (all calls of one answer at once, as they do not depend on each other), sends the results back
 * and calls the model again, until it answers without calling a tool or the step limit is reached.
 * Every model event is passed on as it comes, and each call's result as soon as it finishes; the
 * last `finish` carries the whole run's usage. When the signal fires the running tools are stopped
 * (their signal fires) and the source ends without a finish, so what was done is saved unfinished.
 */
export function toolLoop(setup: ToolRunSetup): AnswerSource {
  return async function* run(call, signal) {
    const offered = new Map(setup.tools.map((t) => [t.name, t]));
    if (setup.signIns?.length) {
      for await (const event of signInSteps(setup, offered, signal)) yield event;
      if (signal.aborted) return;
    }
    const schemas = [...offered.values()].map(providerTool);
    const messages: ProviderMessage[] = [...call.messages];
    const usage: TokenUsage = {};
    const budget = setup.budget ?? eventLoopBudget;
    let steps = 0;
    for (;;) {
      if (++steps > setup.recursionLimit) {
        yield {
          type: 'error',
          failure: { message: recursionLimitMessage(setup.recursionLimit), local: true },
        };
        return;
      }
      const calls: ProviderToolCall[] = [];
      let text = '';
      let finishReason: string | null = null;
      // Starting a model request is a stretch of synchronous work (the request body, the HTTP
      // client's streams); when many runs reach this point in one turn, the later ones wait for
      // the next turns instead of holding the event loop together.
      await budget.turn();
      if (signal.aborted) return;
      const stream = call.provider.stream({
        model: call.model,
        messages,
        parameters: call.parameters,
        tools: schemas.length ? schemas : undefined,
        signal,
      });
      for await (const event of stream) {
        if (event.type === 'finish') {
          finishReason = event.reason;
          addUsage(usage, event.usage);
          break;
        }
        if (event.type === 'error') {
          yield event;
          return;
        }
        if (event.type === 'text') text += event.text;
        if (event.type === 'tool-call') calls.push({ id: event.id, name: event.name, args: event.args });
        yield event;
        // Reading the next event runs the model stream's parsing and checks, and passing it on
        // runs the answer's saving and sending: a hundred runs whose model answers arrived
        // together did all that in one turn. Past the turn's budget, the next event waits.
        await budget.turn();
      }
      // Stopped, or the provider went quiet: the job saves what there is.
      if (finishReason === null) return;
      if (calls.length === 0) {
        yield { type: 'finish', reason: finishReason, usage };
        return;
      }
      if (++steps > setup.recursionLimit) {
        yield {
          type: 'error',
          failure: { message: recursionLimitMessage(setup.recursionLimit), local: true },
        };
        return;
      }
      messages.push({ role: 'assistant', content: text, toolCalls: calls });
      const outputs = new Map<string, string>();
      const ended = { run: false };
      for await (const event of runCalls(calls, offered, setup, signal, outputs, ended)) yield event;
      if (signal.aborted) return;
      // A call waited for the user, who did not come: the run ends cleanly with what it has.
      if (ended.run) {
        yield { type: 'finish', reason: 'stop', usage };
        return;
      }
      for (const c of calls) {
        const output = outputs.get(c.id) ?? '';
        messages.push({
          role: 'tool',
          content: truncated(output, MODEL_OUTPUT_LIMIT),
          toolResult: { id: c.id, name: c.name },
        });
      }
    }
  };
}

/**
 * Runs one answer's calls at once and yields their events as they happen: a call waiting for
 * credentials, then each result as it finishes (in the order they finish). `outputs` receives
 * every finished call's full output for the model's next turn.
 */
async function* runCalls(
  calls: readonly ProviderToolCall[],
  offered: ReadonlyMap<string, Tool>,
  setup: ToolRunSetup,
  signal: AbortSignal,
  outputs: Map<string, string>,
  ended: { run: boolean } = { run: false },
): AsyncIterable<AnswerEvent> {
  const queue: AnswerEvent[] = [];
  let wake: (() => void) | null = null;
  const push = (event: AnswerEvent | null) => {
    if (event) queue.push(event);
    wake?.();
    wake = null;
  };
  let pending = calls.length;
  const scope = {
    userId: setup.userId,
    conversationId: setup.conversationId,
    signal,
    credentials: setup.credentials,
    authWait: setup.authWait ?? DEFAULT_AUTH_WAIT,
    signIns: setup.signInWaits,
    needsAuth: (id: string, auth: string, expiresAt: number) =>
      push({ type: 'tool-auth', id, auth, expiresAt }),
    ...(setup.approval ? { approval: setup.approval } : {}),
    waitsForUser: (id: string, approval: PendingToolApproval) => {
      if (!signal.aborted) push({ type: 'tool-approval', id, approval });
    },
    progress: (id: string, report: ToolProgress) => {
      if (!signal.aborted) push(progressEvent(id, report));
    },
  };
  for (const c of calls) {
    void runToolCall(c, offered.get(c.name), scope).then((outcome: CallOutcome) => {
      pending--;
      if ('cancelled' in outcome) return push(null);
      outputs.set(c.id, outcome.output);
      if (outcome.endRun) ended.run = true;
      push({
        type: 'tool-result',
        id: c.id,
        output: truncated(outcome.output, SAVED_OUTPUT_LIMIT),
        ...(outcome.images?.length ? { images: outcome.images } : {}),
        ...(outcome.files?.length ? { files: outcome.files } : {}),
      });
    });
  }
  while (pending > 0 || queue.length > 0) {
    if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    yield* queue.splice(0);
  }
}

/**
 * The run's sign-ins before its first model call, all at once: each is a tool step (named
 * `oauth_mcp_<server>`) whose "tool" connects to the server, so it takes the "requires auth" state
 * with the sign-in link like any call and ends with what it brought, or with why it could not
 * (cancelled, failed, not in time) — the run then goes on without those tools. The tools of a
 * sign-in that worked join `offered`.
 */
async function* signInSteps(
  setup: ToolRunSetup,
  offered: Map<string, Tool>,
  signal: AbortSignal,
): AsyncIterable<AnswerEvent> {
  const steps = setup.signIns!.map((signIn, i) => {
    const id = `signin_${i}_${signIn.name}`;
    const step: Tool = {
      name: signIn.name,
      description: `Signs you in to ${signIn.what}`,
      input: z.unknown(),
      authConfig: [],
      run: async () => {
        const tools = await signIn.connect();
        for (const tool of tools) offered.set(tool.name, tool);
        return `Signed in to ${signIn.what}: ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'} available`;
      },
    };
    return { call: { id, name: signIn.name, args: '' }, step };
  });
  for (const { call } of steps) yield { type: 'tool-call', ...call };
  const tools = new Map(steps.map(({ step }) => [step.name, step]));
  yield* runCalls(
    steps.map(({ call }) => call),
    tools,
    setup,
    signal,
    new Map(),
  );
}

/** A tool as the model is offered it: its JSON schema given, or made from its zod input. */
export function addUsage(total: TokenUsage, step: TokenUsage | undefined): void {
  if (!step) return;
  for (const key of Object.keys(step) as (keyof TokenUsage)[]) {
    const value = step[key];
    if (value !== undefined) total[key] = (total[key] ?? 0) + value;
  }
}
