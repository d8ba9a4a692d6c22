import { describe, expect, it } from 'vitest';
import { TOOL_INSTRUCTIONS_HEADING, withToolInstructions } from './tool-instructions.ts';

describe('withToolInstructions', () => {
  it('leaves the prompt alone when no server has instructions', () => {
    expect(withToolInstructions('Be brief.', [])).toBe('Be brief.');
    expect(withToolInstructions(undefined, [])).toBeUndefined();
  });

  it('adds each server’s instructions after the prompt, under one heading', () => {
    expect(withToolInstructions('Be brief.', ['local: Use echo.', 'team: Ask whoami.'])).toBe(
      `Be brief.\n\n${TOOL_INSTRUCTIONS_HEADING}\n\nlocal: Use echo.\n\nteam: Ask whoami.`,
    );
  });

  it('makes them the whole prompt when there is none or it is blank', () => {
    expect(withToolInstructions('  ', ['local: Use echo.'])).toBe(
      `${TOOL_INSTRUCTIONS_HEADING}\n\nlocal: Use echo.`,
    );
  });
});
