import { describe, expect, it } from 'vitest';
import { isTextEntry, shortcutMayFire, typesText, type KeyPress } from './typing-rule';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

const textarea = { tagName: 'TEXTAREA' };
const input = (type?: string, readOnly = false) => ({ tagName: 'INPUT', type, readOnly });
const button = { tagName: 'BUTTON' };
const editable = { tagName: 'DIV', isContentEditable: true };

describe('is the user typing', () => {
  it('knows the elements that take text', () => {
    expect(isTextEntry(textarea)).toBe(true);
    expect(isTextEntry(input())).toBe(true);
    expect(isTextEntry(input('search'))).toBe(true);
    expect(isTextEntry(input('password'))).toBe(true);
    expect(isTextEntry(editable)).toBe(true);
    expect(isTextEntry(input('checkbox'))).toBe(false);
    expect(isTextEntry(input('range'))).toBe(false);
    expect(isTextEntry(input('text', true))).toBe(false);
    expect(isTextEntry({ tagName: 'TEXTAREA', readOnly: true })).toBe(false);
    expect(isTextEntry(button)).toBe(false);
    expect(isTextEntry({ tagName: 'A' })).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });

  it('tells which key presses type or edit', () => {
    expect(typesText(press('?', { shiftKey: true }), false)).toBe(true);
    expect(typesText(press('a'), false)).toBe(true);
    expect(typesText(press(' '), false)).toBe(true);
    expect(typesText(press('Backspace'), false)).toBe(true);
    expect(typesText(press('Enter'), false)).toBe(true);
    expect(typesText(press('Escape'), false)).toBe(false);
    expect(typesText(press('ArrowUp'), false)).toBe(false);
    expect(typesText(press('/', { ctrlKey: true }), false)).toBe(false);
    expect(typesText(press('/', { metaKey: true }), true)).toBe(false);
    // Alt+Shift+N writes nothing on Windows or Linux; Option+Shift+N writes a character on a Mac.
    expect(typesText(press('N', { altKey: true, shiftKey: true }), false)).toBe(false);
    expect(typesText(press('˜', { altKey: true, shiftKey: true }), true)).toBe(true);
    expect(typesText(press('a', { isComposing: true }), false)).toBe(true);
  });

  it('lets a shortcut fire outside text fields, and inside only when it types nothing', () => {
    expect(shortcutMayFire(press('?', { shiftKey: true }), button, false)).toBe(true);
    expect(shortcutMayFire(press('?', { shiftKey: true }), null, false)).toBe(true);
    expect(shortcutMayFire(press('?', { shiftKey: true }), textarea, false)).toBe(false);
    expect(shortcutMayFire(press('?', { shiftKey: true }), editable, false)).toBe(false);
    expect(shortcutMayFire(press('/', { ctrlKey: true }), textarea, false)).toBe(true);
    expect(shortcutMayFire(press('N', { altKey: true, shiftKey: true }), input('search'), false)).toBe(true);
    expect(shortcutMayFire(press('N', { ctrlKey: true, shiftKey: true }), textarea, true)).toBe(true);
    expect(shortcutMayFire(press('˜', { altKey: true, shiftKey: true }), textarea, true)).toBe(false);
    expect(shortcutMayFire(press('Escape'), textarea, false)).toBe(true);
    // A key pressed while an input method composes belongs to the composition, wherever.
    expect(shortcutMayFire(press('/', { ctrlKey: true, isComposing: true }), button, false)).toBe(false);
  });
});
