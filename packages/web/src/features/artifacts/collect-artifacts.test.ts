import { describe, expect, it } from 'vitest';
import { artifactOffsets, collectArtifacts } from './collect-artifacts';

const block = (id: string, code = 'x') =>
  `:::artifact{identifier="${id}" type="text/html" title="${id}"}\n\`\`\`html\n${code}\n\`\`\`\n:::`;

describe('collectArtifacts', () => {
  it('lists artifacts of every message in order, indexed per message across text parts', () => {
    const entries = collectArtifacts([
      { messageId: 'm1', text: `${block('a')}\n${block('b')}`, content: undefined, isCreatedByUser: false },
      { messageId: 'm2', text: 'none', content: undefined, isCreatedByUser: false },
      { messageId: 'u1', text: block('quoted'), content: undefined, isCreatedByUser: true },
      {
        messageId: 'm3',
        isCreatedByUser: false,
        text: '',
        content: [
          { type: 'think', think: block('hidden') },
          { type: 'text', text: block('a', 'v2') },
          { type: 'tool_call', tool_call: {} },
          { type: 'text', text: block('c') },
        ],
      },
    ]);
    expect(entries.map((e) => [e.messageId, e.identifier, e.index])).toEqual([
      ['m1', 'a', 0],
      ['m1', 'b', 1],
      ['m3', 'a', 0],
      ['m3', 'c', 1],
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(4);
  });

  it('gives each text part the count of artifacts before it', () => {
    expect(artifactOffsets([block('a'), 'plain', `${block('b')}${'\n'}${block('c')}`, block('d')])).toEqual([
      0, 1, 1, 3,
    ]);
  });
});
