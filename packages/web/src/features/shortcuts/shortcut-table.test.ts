import { describe, expect, it } from 'vitest';
import {
  comboKeys,
  globalShortcutOf,
  isMacPlatform,
  isShortcut,
  matchesCombo,
  SHORTCUTS,
  shortcutById,
} from './shortcut-table';
import type { KeyPress } from './typing-rule';
import en from '../../i18n/locales/en/translation.json';

const press = (key: string, code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the shortcut table', () => {
  it('has one entry per shortcut, each with an English label and keys on both platforms', () => {
    const ids = SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const shortcut of SHORTCUTS) {
      expect((en as Record<string, unknown>)[shortcut.label], shortcut.label).toEqual(expect.any(String));
      expect(shortcut.combos.mac.length).toBeGreaterThan(0);
      expect(shortcut.combos.other.length).toBeGreaterThan(0);
    }
  });

  it('gives no two global shortcuts the same keys, and uses neither ⌘ nor Ctrl with a letter', () => {
    for (const platform of ['mac', 'other'] as const) {
      const seen = new Set<string>();
      for (const shortcut of SHORTCUTS.filter((s) => s.scope === 'global')) {
        for (const combo of shortcut.combos[platform]) {
          const id = JSON.stringify([combo.code ?? combo.key, combo.ctrl, combo.alt, combo.shift]);
          expect(seen.has(id), id).toBe(false);
          seen.add(id);
          // Ctrl/⌘ + letter is the browsers' own (new window, tabs, bookmarks…); Control on a Mac is free.
          if (platform === 'other' && combo.code?.startsWith('Key')) expect(combo.ctrl).toBeFalsy();
        }
      }
    }
  });

  it('finds the global shortcut of a key press on each platform', () => {
    expect(globalShortcutOf(press('N', 'KeyN', { altKey: true, shiftKey: true }), false)).toBe('newChat');
    // Option+Shift+N reports a character as its key on a Mac: the key's place is what counts.
    expect(globalShortcutOf(press('˜', 'KeyN', { ctrlKey: true, shiftKey: true }), true)).toBe('newChat');
    expect(globalShortcutOf(press('M', 'KeyM', { altKey: true, shiftKey: true }), false)).toBe(
      'focusComposer',
    );
    expect(globalShortcutOf(press('S', 'KeyS', { altKey: true, shiftKey: true }), false)).toBe(
      'toggleSidebar',
    );
    expect(globalShortcutOf(press('/', 'Slash', { ctrlKey: true }), false)).toBe('showShortcuts');
    expect(globalShortcutOf(press('/', 'Slash', { ctrlKey: true }), true)).toBe('showShortcuts');
    expect(globalShortcutOf(press('?', 'Slash', { shiftKey: true }), false)).toBe('showShortcuts');
    // The Mac chord is not the other platforms', nor the reverse.
    expect(globalShortcutOf(press('N', 'KeyN', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(globalShortcutOf(press('N', 'KeyN', { altKey: true, shiftKey: true }), true)).toBeNull();
    // Extra modifiers make another key: ⌘ never belongs to a shortcut.
    expect(globalShortcutOf(press('/', 'Slash', { ctrlKey: true, metaKey: true }), false)).toBeNull();
    expect(
      globalShortcutOf(press('N', 'KeyN', { altKey: true, shiftKey: true, ctrlKey: true }), false),
    ).toBeNull();
    expect(globalShortcutOf(press('n', 'KeyN', { altKey: true }), false)).toBeNull();
    // Local shortcuts are not the shell's.
    expect(globalShortcutOf(press('Escape', 'Escape'), false)).toBeNull();
  });

  it('matches the local keys exactly', () => {
    expect(isShortcut('stop', press('Escape', 'Escape'), false)).toBe(true);
    expect(isShortcut('stop', press('Escape', 'Escape', { shiftKey: true }), false)).toBe(false);
    expect(isShortcut('editLast', press('ArrowUp', 'ArrowUp'), true)).toBe(true);
    expect(isShortcut('editLast', press('ArrowUp', 'ArrowUp', { shiftKey: true }), true)).toBe(false);
    expect(isShortcut('moveInList', press('End', 'End'), false)).toBe(true);
    expect(isShortcut('rowMenu', press('F10', 'F10', { shiftKey: true }), false)).toBe(true);
    expect(isShortcut('rowMenu', press('F10', 'F10'), false)).toBe(false);
    expect(isShortcut('rowMenu', press('ContextMenu', 'ContextMenu'), false)).toBe(true);
    expect(matchesCombo(press('ArrowRight', 'ArrowRight'), shortcutById('rowMenu').combos.other[0]!)).toBe(
      true,
    );
  });

  it('writes the keys as the dialog shows them', () => {
    expect(comboKeys(shortcutById('newChat').combos.other[0]!, false)).toEqual(['Alt', 'Shift', 'N']);
    expect(comboKeys(shortcutById('newChat').combos.mac[0]!, true)).toEqual(['⌃', '⇧', 'N']);
    expect(comboKeys(shortcutById('showShortcuts').combos.other[0]!, false)).toEqual(['Ctrl', '/']);
    expect(comboKeys(shortcutById('stop').combos.other[0]!, false)).toEqual(['Esc']);
  });

  it('recognises a Mac', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('macOS')).toBe(true);
    expect(isMacPlatform('iPhone')).toBe(true);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(isMacPlatform('Win32')).toBe(false);
  });
});
