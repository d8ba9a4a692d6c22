import { describe, expect, it } from 'vitest';
import { PROJECT_PROMPT_HEADING, withProjectInstructions } from './project-chat.ts';

const project = { id: 'p1', name: 'Docs', instructions: 'Answer in French.', hasFiles: false };

describe('withProjectInstructions', () => {
  it('puts the project instructions before the conversation prompt', () => {
    expect(withProjectInstructions('Be brief.', project)).toBe(
      `${PROJECT_PROMPT_HEADING} (Docs)\nAnswer in French.\n\nBe brief.`,
    );
  });

  it('is the whole prompt when the conversation has none', () => {
    expect(withProjectInstructions(undefined, project)).toBe(
      `${PROJECT_PROMPT_HEADING} (Docs)\nAnswer in French.`,
    );
  });

  it('leaves the prompt alone without a project or with blank instructions', () => {
    expect(withProjectInstructions('Be brief.', null)).toBe('Be brief.');
    expect(withProjectInstructions(undefined, { ...project, instructions: '  ' })).toBeUndefined();
  });
});
