// Groups the flat unit sequence into content blocks — reasoning, text, one per tool call — the way the
// block-based protocols (Anthropic Messages, OpenAI Responses, Bedrock Converse) frame an answer: a
// block opens with its first unit and closes when a different one begins or the answer ends.
import type { Unit } from './units.ts';

export type BlockKind = 'reasoning' | 'text' | 'tool-call';

export interface Block {
  kind: BlockKind;
  /** Position among the answer's blocks, from 0. */
  index: number;
  /** Everything streamed into the block so far (for a tool call: its JSON arguments). */
  text: string;
  /** Tool calls only. */
  toolCall?: { id: string; name: string };
}

export type BlockEvent =
  | { type: 'start'; block: Block }
  | { type: 'delta'; block: Block; text: string }
  | { type: 'stop'; block: Block };

export class BlockTracker {
  readonly blocks: Block[] = [];
  private current: Block | undefined;

  /** The block events one unit causes; none for units that carry no content (finish, error…). */
  push(unit: Unit): BlockEvent[] {
    switch (unit.type) {
      case 'reasoning':
      case 'text': {
        const events = this.current?.kind === unit.type ? [] : [...this.close(), this.open(unit.type)];
        return [...events, this.append(unit.text)];
      }
      case 'tool-call-start':
        return [...this.close(), this.open('tool-call', { id: unit.id, name: unit.name })];
      case 'tool-call-delta':
        return this.current?.kind === 'tool-call' ? [this.append(unit.text)] : [];
      default:
        return [];
    }
  }

  /** Closes the open block, if any (at the finish, or before a new block starts). */
  close(): BlockEvent[] {
    const block = this.current;
    this.current = undefined;
    return block ? [{ type: 'stop', block }] : [];
  }

  private open(kind: BlockKind, toolCall?: Block['toolCall']): BlockEvent {
    const block: Block = { kind, index: this.blocks.length, text: '', ...(toolCall ? { toolCall } : {}) };
    this.blocks.push(block);
    this.current = block;
    return { type: 'start', block };
  }

  private append(text: string): BlockEvent {
    const block = this.current!;
    block.text += text;
    return { type: 'delta', block, text };
  }
}
