import type { PromptVersion } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { matchCommandGroups, slashSearch, type PickerGroup } from './command-match';
import {
  EMPTY_PROMPT_FORM,
  canSubmitPromptForm,
  commandInput,
  createPromptBody,
  validatePromptForm,
} from './prompt-form-rules';
import { versionTags, versionTime } from './version-tags';

describe('prompt form', () => {
  const filled = { ...EMPTY_PROMPT_FORM, name: 'Reviewer', prompt: 'Review {{code}}' };

  it('requires name and text with the spec messages', () => {
    expect(validatePromptForm(EMPTY_PROMPT_FORM)).toEqual({
      name: 'prompts.name_required',
      prompt: 'prompts.text_required',
    });
    expect(validatePromptForm({ ...filled, name: '   ' }).name).toBe('prompts.name_required');
    expect(validatePromptForm({ ...filled, prompt: '\n ' }).prompt).toBe('prompts.text_required');
    expect(validatePromptForm(filled)).toEqual({});
    expect(validatePromptForm({ ...filled, oneliner: 'x'.repeat(121) }).oneliner).toBe(
      'prompts.oneliner_too_long',
    );
    expect(validatePromptForm({ ...filled, oneliner: 'x'.repeat(120) })).toEqual({});
  });

  it('submits only when dirty, valid and not submitting', () => {
    expect(canSubmitPromptForm(EMPTY_PROMPT_FORM, false)).toBe(false);
    expect(canSubmitPromptForm({ ...EMPTY_PROMPT_FORM, name: 'only a name' }, false)).toBe(false);
    expect(canSubmitPromptForm(filled, false)).toBe(true);
    expect(canSubmitPromptForm(filled, true)).toBe(false);
    expect(canSubmitPromptForm(filled, false, filled)).toBe(false);
  });

  it('normalises the command while typing and stops at 56 characters', () => {
    expect(commandInput('My Cool Prompt!')).toBe('my-cool-prompt');
    expect(commandInput('Ünïcode  tabs\there')).toBe('ncode--tabs-here');
    expect(commandInput('a'.repeat(80))).toHaveLength(56);
  });

  it('leaves empty oneliner and command out of the create payload', () => {
    expect(createPromptBody({ ...filled, oneliner: '  ', command: '' })).toEqual({
      prompt: { prompt: 'Review {{code}}', type: 'text' },
      group: { name: 'Reviewer', category: '' },
    });
    expect(
      createPromptBody({ ...filled, name: ' R ', category: 'code', oneliner: 'Short', command: 'rev' }).group,
    ).toEqual({
      name: 'R',
      category: 'code',
      oneliner: 'Short',
      command: 'rev',
    });
  });
});

describe('version tags', () => {
  const version = (id: string, createdAt: string): PromptVersion => ({
    _id: id,
    groupId: 'g',
    author: 'u',
    type: 'text',
    prompt: id,
    createdAt,
    updatedAt: createdAt,
  });
  const versions = [
    version('c', '2026-03-04T05:06:00'),
    version('b', '2026-01-02T03:04:00'),
    version('a', '2025-12-31T23:59:00'),
  ];

  it('tags the newest as latest and the production one as production', () => {
    expect(versionTags(versions, 0, 'b')).toEqual(['latest']);
    expect(versionTags(versions, 1, 'b')).toEqual(['production']);
    expect(versionTags(versions, 2, 'b')).toEqual([]);
    expect(versionTags(versions, 0, 'c')).toEqual(['latest', 'production']);
    expect(versionTags(versions, 0, null)).toEqual(['latest']);
  });

  it('formats times as yyyy-MM-dd HH:mm in local time', () => {
    expect(versionTime('2026-03-04T05:06:00')).toBe('2026-03-04 05:06');
    expect(versionTime('not a date')).toBe('');
  });
});

describe('slash command picker matching', () => {
  const group = (name: string, command?: string): PickerGroup => ({
    _id: name,
    name,
    oneliner: '',
    category: '',
    productionPrompt: { prompt: name },
    ...(command ? { command } : {}),
  });
  const groups = [
    group('Translate text', 'translate'),
    group('Code review', 'review'),
    group('Preview writer'),
    group('Summarise', 'sum'),
  ];

  it('opens on a slash followed by one word', () => {
    expect(slashSearch('/')).toBe('');
    expect(slashSearch('/rev')).toBe('rev');
    expect(slashSearch('/rev now')).toBeNull();
    expect(slashSearch('rev')).toBeNull();
    expect(slashSearch('/a\nb')).toBeNull();
  });

  it('ranks command prefixes, then command matches, then names', () => {
    expect(matchCommandGroups(groups, '').map((g) => g.name)).toEqual(groups.map((g) => g.name));
    expect(matchCommandGroups(groups, 'rev').map((g) => g.name)).toEqual(['Code review', 'Preview writer']);
    expect(matchCommandGroups(groups, 'S').map((g) => g.name)).toEqual(['Summarise', 'Translate text']);
    expect(matchCommandGroups(groups, 'zzz')).toEqual([]);
  });
});
