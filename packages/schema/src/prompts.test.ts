import { describe, expect, it } from 'vitest';
import {
  createPromptSchema,
  listPromptGroupsQuerySchema,
  updatePromptGroupSchema,
} from './prompt-schemas.ts';
import { PROMPT_CATEGORY_OPTIONS, PROMPT_FILTERS, readPromptGroupFilter } from './prompts.ts';

describe('prompt schemas', () => {
  it('reads the library filter values', () => {
    expect(readPromptGroupFilter('')).toEqual({ kind: 'all' });
    expect(readPromptGroupFilter(PROMPT_FILTERS.ALL)).toEqual({ kind: 'all' });
    expect(readPromptGroupFilter(PROMPT_FILTERS.MY_PROMPTS)).toEqual({ kind: 'mine' });
    expect(readPromptGroupFilter(PROMPT_FILTERS.SHARED_PROMPTS)).toEqual({ kind: 'shared' });
    expect(readPromptGroupFilter(PROMPT_FILTERS.NO_CATEGORY)).toEqual({ kind: 'category', category: '' });
    expect(readPromptGroupFilter('code')).toEqual({ kind: 'category', category: 'code' });
  });

  it('offers the nine built-in categories with i18n labels', () => {
    expect(PROMPT_CATEGORY_OPTIONS).toHaveLength(9);
    expect(PROMPT_CATEGORY_OPTIONS).toContainEqual({ label: 'com_ui_misc', value: 'misc' });
  });

  it('normalises create bodies', () => {
    const body = createPromptSchema.parse({
      prompt: { prompt: ' keep spaces ', groupId: '' },
      group: { name: ' Name ', command: ' Do It ', oneliner: ' about ' },
    });
    expect(body).toEqual({
      prompt: { prompt: ' keep spaces ', type: 'text' },
      group: { name: 'Name', category: '', command: 'do-it', oneliner: 'about' },
    });
    expect(createPromptSchema.parse({ prompt: { prompt: 'x', groupId: 'g1' } }).prompt.groupId).toBe('g1');
  });

  it('lets an update clear the command with null or an empty string', () => {
    expect(updatePromptGroupSchema.parse({ command: null })).toEqual({ command: '' });
    expect(updatePromptGroupSchema.parse({ command: '' })).toEqual({ command: '' });
    // A key the update does not know (a client-chosen author) is dropped, never passed on.
    expect(updatePromptGroupSchema.parse({ author: 'someone' })).toEqual({});
  });

  it('defaults and bounds paging', () => {
    expect(listPromptGroupsQuerySchema.parse({})).toEqual({ category: '', pageSize: 10, pageNumber: 1 });
    expect(listPromptGroupsQuerySchema.parse({ name: '  ', pageSize: '100', pageNumber: '3' })).toEqual({
      category: '',
      pageSize: 100,
      pageNumber: 3,
    });
    expect(listPromptGroupsQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});
