import {
  imageFilePart,
  stepEventJson,
  type ContentPart,
  type ParleyFile,
  type PendingToolApproval,
} from '@parley/schema';
import type { AnswerEvent } from './answer-event.ts';

interface Step {
  /** JSON-encoded step id, ready to splice into event strings. */
  idJson: string;
  index: number;
  kind: 'text' | 'think' | 'tool';
}

/**
 * Turns provider events into the answer's content parts and the stream's step events.
 * Events come back as ready-made JSON strings (`stepEventJson`): a text delta costs one
 * JSON.stringify of the delta itself, never a re-serialisation of the content so far.
 */
export class ContentBuilder {
  readonly parts: ContentPart[];
  private readonly runIdJson: string;
  private current: Step | null = null;
  private readonly toolSteps = new Map<string, Step>();
  private stepCount = 0;
  /** Index of a continued answer's last text part, which the first text delta extends. */
  private reopenIndex = -1;
  /** The reasoning being written: its part and when its first delta came. */
  private thinking: { index: number; since: number } | null = null;
  private readonly now: () => number;

  /**
   * `initial`: the parts of an answer being continued; new text extends its last text part.
   * `now` tells the time in ms (tests hand in their own clock).
   */
  constructor(runId: string, initial: ContentPart[] = [], now: () => number = Date.now) {
    this.now = now;
    this.runIdJson = JSON.stringify(runId);
    this.parts = initial.map((p) => ({ ...p }));
    this.stepCount = this.parts.length;
    const last = this.parts.length - 1;
    if (last >= 0 && this.parts[last]!.type === 'text') this.reopenIndex = last;
  }

  /** The step events for one answer event (none for finish and error). */
  apply(event: AnswerEvent): string[] {
    if (event.type !== 'reasoning') this.endThinking();
    switch (event.type) {
      case 'text':
        return this.delta('text', event.text);
      case 'reasoning':
        return this.delta('think', event.text);
      case 'tool-call-start':
        return [this.openTool(event.id, event.name)];
      case 'tool-call-delta':
        return this.toolDelta(event.id, event.args);
      case 'tool-call':
        return this.toolCall(event.id, event.name, event.args);
      case 'tool-result':
        return [
          ...this.toolResult(event.id, event.output),
          ...(event.images ?? []).map((f) => this.image(f)),
        ];
      case 'tool-auth':
        return this.toolAuth(event.id, event.auth, event.expiresAt);
      case 'tool-approval':
        return this.toolApproval(event.id, event.approval);
      case 'tool-progress':
        return this.toolProgress(event.id, event.progress, event.message);
      case 'agent-update':
        return [this.agentUpdate(event.agentId, event.agentName)];
      default:
        return [];
    }
  }

  /**
   * Reasoning ends with the first event that is not reasoning (text, a tool call, the finish): its
   * part keeps how long it took (`thinkingMs`), which the answer shows as "Thought for N s". Only
   * the saved answer carries it; a stream re-attached mid-answer learns it with the final event.
   */
  private endThinking(): void {
    if (!this.thinking) return;
    const part = this.parts[this.thinking.index];
    if (part?.type === 'think') part.thinkingMs = Math.max(0, Math.round(this.now() - this.thinking.since));
    this.thinking = null;
  }

  /** The answer's plain text: its text parts joined. */
  text(): string {
    let text = '';
    for (const part of this.parts) if (part.type === 'text') text += part.text as string;
    return text;
  }

  private delta(kind: 'text' | 'think', text: string): string[] {
    const events: string[] = [];
    if (this.current?.kind !== kind) events.push(this.openStep(kind));
    const step = this.current!;
    if (kind === 'think' && this.thinking === null) this.thinking = { index: step.index, since: this.now() };
    const part = this.parts[step.index]!;
    const textJson = JSON.stringify(text);
    if (kind === 'text') {
      part.text = (part.text as string) + text;
      events.push(stepEventJson.messageDelta(step.idJson, textJson));
    } else {
      part.think = (part.think as string) + text;
      events.push(stepEventJson.reasoningDelta(step.idJson, textJson));
    }
    return events;
  }

  private openStep(kind: 'text' | 'think'): string {
    let index: number;
    if (kind === 'text' && this.reopenIndex >= 0) {
      index = this.reopenIndex;
    } else {
      index = this.parts.length;
      this.parts.push(kind === 'text' ? { type: 'text', text: '' } : { type: 'think', think: '' });
    }
    this.reopenIndex = -1;
    const step = this.newStep(kind, index);
    return this.runStepEvent(step, 'message_creation', '{"type":"message_creation"}');
  }

  private openTool(id: string, name: string): string {
    const index = this.parts.length;
    this.parts.push({
      type: 'tool_call',
      tool_call: { id, name, args: '', type: 'tool_call', progress: 0.1 },
    });
    this.reopenIndex = -1;
    const step = this.newStep('tool', index);
    this.toolSteps.set(id, step);
    // A tool step ends the current text run: the next text delta opens a new part.
    this.current = null;
    const call = JSON.stringify([{ id, name, args: '', type: 'tool_call' }]);
    return this.runStepEvent(step, 'tool_calls', `{"type":"tool_calls","tool_calls":${call}}`);
  }

  private toolDelta(id: string, args: string): string[] {
    const step = this.toolSteps.get(id);
    if (!step) return [];
    const call = this.parts[step.index]!.tool_call as { name: string; args: string };
    call.args += args;
    const delta = JSON.stringify({ type: 'tool_calls', tool_calls: [{ name: call.name, args, index: 0 }] });
    return [stepEventJson.runStepDelta(step.idJson, delta)];
  }

  private toolCall(id: string, name: string, args: string): string[] {
    const events = this.toolSteps.has(id) ? [] : [this.openTool(id, name)];
    const step = this.toolSteps.get(id)!;
    const call = this.parts[step.index]!.tool_call as { args: string };
    // The complete arguments win over what the deltas assembled.
    call.args = args;
    return events;
  }

  /** A finished tool call: its output, progress 1, and the completed step with the whole call. */
  private toolResult(id: string, output: string): string[] {
    const step = this.toolSteps.get(id);
    if (!step) return [];
    const part = this.parts[step.index]!;
    const { id: callId, name, args } = part.tool_call as { id: string; name: string; args: string };
    // The sign-in link of a call that waited for credentials goes once the call has ended.
    const done = { id: callId, name, args, output, progress: 1, type: 'tool_call' };
    this.parts[step.index] = { type: 'tool_call', tool_call: done };
    const result = { id: JSON.parse(step.idJson) as string, index: step.index, tool_call: done };
    return [JSON.stringify({ event: 'on_run_step_completed', data: { result } })];
  }

  /**
   * A picture a tool made: a part of its own after the parts so far (the text that follows opens
   * another), announced with `on_content_part`.
   */
  private image(file: ParleyFile): string {
    const index = this.parts.length;
    const part = imageFilePart(file);
    this.parts.push(part);
    this.current = null;
    this.reopenIndex = -1;
    return JSON.stringify({ event: 'on_content_part', data: { index, part } });
  }

  /** A tool call waiting for the user to sign in: the part keeps the link until the call ends. */
  private toolAuth(id: string, auth: string, expiresAt: number): string[] {
    const step = this.toolSteps.get(id);
    if (!step) return [];
    const call = this.parts[step.index]!.tool_call as Record<string, unknown>;
    call.auth = auth;
    call.expires_at = expiresAt;
    const delta = JSON.stringify({
      type: 'tool_calls',
      tool_calls: [{ name: call.name, args: '', index: 0 }],
      auth,
      expires_at: expiresAt,
    });
    return [stepEventJson.runStepDelta(step.idJson, delta)];
  }

  /**
   * A call waiting for the user's approval or answer: the part keeps what it waits for (a resumed
   * stream shows it) until the call's result replaces the part.
   */
  private toolApproval(id: string, approval: PendingToolApproval): string[] {
    const step = this.toolSteps.get(id);
    if (!step) return [];
    const call = this.parts[step.index]!.tool_call as Record<string, unknown>;
    call.approval = approval;
    const delta = JSON.stringify({
      type: 'tool_calls',
      tool_calls: [{ name: call.name, args: '', index: 0 }],
      approval,
    });
    return [stepEventJson.runStepDelta(step.idJson, delta)];
  }

  /**
   * A running call's progress: the part keeps the latest share and message (a resumed stream shows
   * them), and the step delta carries them. A report that arrives after the result is dropped.
   */
  private toolProgress(id: string, progress: number | undefined, message: string | undefined): string[] {
    const step = this.toolSteps.get(id);
    if (!step) return [];
    const call = this.parts[step.index]!.tool_call as Record<string, unknown>;
    if (typeof call.progress === 'number' && call.progress >= 1) return [];
    if (progress !== undefined) call.progress = progress;
    if (message !== undefined) call.progress_message = message;
    const delta = JSON.stringify({
      type: 'tool_calls',
      tool_calls: [{ name: call.name, args: '', index: 0 }],
      ...(progress !== undefined ? { progress } : {}),
      ...(message !== undefined ? { progress_message: message } : {}),
    });
    return [stepEventJson.runStepDelta(step.idJson, delta)];
  }

  /** The agent answering from the next part on; the text after it starts a new part. */
  private agentUpdate(agentId: string, agentName?: string): string {
    const index = this.parts.length;
    const runId = JSON.parse(this.runIdJson) as string;
    // The name is kept with the part so the answer still says who spoke when the reader cannot
    // look the agent up (deleted since, or another person's agent in a shared conversation).
    const update = { index, runId, agentId, ...(agentName ? { agentName } : {}) };
    this.parts.push({ type: 'agent_update', agent_update: update });
    this.current = null;
    this.reopenIndex = -1;
    return JSON.stringify({ event: 'on_agent_update', data: { agent_update: update } });
  }

  private newStep(kind: Step['kind'], index: number): Step {
    const step: Step = { idJson: JSON.stringify(`step_${++this.stepCount}`), index, kind };
    if (kind !== 'tool') this.current = step;
    return step;
  }

  private runStepEvent(step: Step, type: 'message_creation' | 'tool_calls', details: string): string {
    const stepIndex = this.stepCount - 1;
    return stepEventJson.runStep(step.idJson, this.runIdJson, step.index, stepIndex, type, details);
  }
}
