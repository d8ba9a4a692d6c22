import { describe, expect, it } from 'vitest';
import {
  fillPromptVariables,
  hasPromptVariables,
  isSpecialPromptVariable,
  parsePromptVariables,
  specialVariableValue,
} from './prompt-variables.ts';

// 2024-03-05 is a Tuesday (weekday 2); built from local parts so the test holds in any zone.
const now = new Date(2024, 2, 5, 9, 7, 3);

describe('parsePromptVariables', () => {
  it('finds free-text and dropdown variables in order of first appearance', () => {
    expect(parsePromptVariables('Write {{topic}} in a {{tone:formal|casual}} tone.')).toEqual([
      { name: 'topic' },
      { name: 'tone', options: ['formal', 'casual'] },
    ]);
  });

  it('lists a repeated variable once, taking options from the first appearance with any', () => {
    expect(parsePromptVariables('{{a}} {{b:x|y}} {{a:1|2}} {{b:z}} {{a}}')).toEqual([
      { name: 'a', options: ['1', '2'] },
      { name: 'b', options: ['x', 'y'] },
    ]);
  });

  it('trims names and options and drops empty options', () => {
    expect(parsePromptVariables('{{ city : Paris | | Rome }}')).toEqual([
      { name: 'city', options: ['Paris', 'Rome'] },
    ]);
    expect(parsePromptVariables('{{lang:}}')).toEqual([{ name: 'lang' }]);
  });

  it('leaves out special variables (any case), empty and multi-line placeholders', () => {
    const text =
      '{{current_date}} {{Current_User}} {{iso_datetime}} {{current_datetime}} {{ }} {{:a}} {{a\nb}} {x}';
    expect(parsePromptVariables(text)).toEqual([]);
    expect(hasPromptVariables(text)).toBe(false);
    expect(hasPromptVariables('Hi {{name}}')).toBe(true);
  });
});

describe('special variables', () => {
  it('knows the core set only', () => {
    expect(isSpecialPromptVariable('CURRENT_DATE')).toBe(true);
    expect(isSpecialPromptVariable('today')).toBe(false);
  });

  it('formats dates in local time with the weekday number', () => {
    expect(specialVariableValue('current_date', { now })).toBe('2024-03-05 (2)');
    expect(specialVariableValue('current_datetime', { now })).toBe('2024-03-05 09:07:03 (2)');
    expect(specialVariableValue('iso_datetime', { now })).toBe(now.toISOString());
  });

  it('gives the user name, or nothing without one', () => {
    expect(specialVariableValue('current_user', { now, userName: 'Ada' })).toBe('Ada');
    expect(specialVariableValue('current_user', { now, userName: ' ' })).toBeNull();
    expect(specialVariableValue('current_user', { now })).toBeNull();
  });
});

describe('fillPromptVariables', () => {
  it('fills every occurrence of a variable, dropdowns included', () => {
    const text = 'Dear {{name}}, {{tone:warm|cold}} regards, {{name}}.';
    expect(fillPromptVariables(text, { name: 'Ada', tone: 'warm' })).toBe('Dear Ada, warm regards, Ada.');
  });

  it('leaves placeholders with empty, blank or missing values unchanged', () => {
    expect(fillPromptVariables('{{a}} {{b}} {{c:x|y}}', { a: '', b: '  ' })).toBe('{{a}} {{b}} {{c:x|y}}');
  });

  it('fills special variables from the context and keeps them without one', () => {
    const text = 'On {{current_date}} {{current_user}} asks about {{topic}}.';
    expect(fillPromptVariables(text, { topic: 'tides' }, { now, userName: 'Ada' })).toBe(
      'On 2024-03-05 (2) Ada asks about tides.',
    );
    expect(fillPromptVariables(text, { topic: 'tides' })).toBe(
      'On {{current_date}} {{current_user}} asks about tides.',
    );
    expect(fillPromptVariables('{{current_user}}', {}, { now })).toBe('{{current_user}}');
  });

  it('inserts values literally: no second pass, no replacement patterns', () => {
    expect(fillPromptVariables('{{a}} {{b}}', { a: '{{b}}', b: '$& $1' })).toBe('{{b}} $& $1');
    expect(fillPromptVariables('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  it('keeps text without placeholders as is', () => {
    expect(fillPromptVariables('plain {text} }}{{', { text: 'x' })).toBe('plain {text} }}{{');
  });
});
