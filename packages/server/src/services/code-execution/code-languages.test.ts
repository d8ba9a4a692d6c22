import { describe, expect, it } from 'vitest';
import { lookUpLanguage } from './code-languages.ts';

describe('lookUpLanguage', () => {
  it('accepts the spec names and their short forms, in any case', () => {
    for (const name of ['python', 'py', 'PY', ' Python ']) {
      expect(lookUpLanguage(name)).toEqual({
        kind: 'runnable',
        language: { engine: 'python', typescript: false },
      });
    }
    for (const name of ['node', 'javascript', 'js']) {
      expect(lookUpLanguage(name)).toEqual({
        kind: 'runnable',
        language: { engine: 'javascript', typescript: false },
      });
    }
    for (const name of ['typescript', 'ts']) {
      expect(lookUpLanguage(name)).toEqual({
        kind: 'runnable',
        language: { engine: 'javascript', typescript: true },
      });
    }
  });

  it('tells the spec languages no engine here runs from unknown names', () => {
    for (const name of ['rust', 'go', 'c', 'c++', 'php', 'fortran', 'r']) {
      expect(lookUpLanguage(name)).toEqual({ kind: 'unsupported', name });
    }
    expect(lookUpLanguage('brainfuck')).toEqual({ kind: 'unknown', name: 'brainfuck' });
    expect(lookUpLanguage('constructor')).toEqual({ kind: 'unknown', name: 'constructor' });
    expect(lookUpLanguage('__proto__')).toEqual({ kind: 'unknown', name: '__proto__' });
  });
});
