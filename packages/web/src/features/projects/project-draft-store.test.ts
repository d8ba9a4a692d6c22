import { afterEach, describe, expect, it } from 'vitest';
import { projectFlagFor, useProjectDraft } from './project-draft-store';

describe('projectFlagFor', () => {
  afterEach(() => useProjectDraft.getState().setProjectId(null));

  it('sends the chosen project for a new chat only', () => {
    useProjectDraft.getState().setProjectId('p1');
    expect(projectFlagFor(null)).toBe('p1');
    expect(projectFlagFor('c1')).toBeUndefined();
  });

  it('sends nothing when no project was chosen', () => {
    expect(projectFlagFor(null)).toBeUndefined();
  });
});
