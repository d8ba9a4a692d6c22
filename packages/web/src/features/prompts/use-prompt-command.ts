import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSettings } from '../../store/settings-store';
import { matchCommandGroups, slashSearch, type PickerGroup } from './command-match';
import { usePromptsEnabled } from './use-prompt-access';
import { useAllGroups } from './use-prompt-queries';

/** The picker closes 150 ms after the message box loses focus. */
export const PICKER_BLUR_CLOSE_MS = 150;

export interface PromptCommandState {
  open: boolean;
  rows: PickerGroup[];
  active: number;
  loading: boolean;
  setActive: (index: number) => void;
  choose: (group: PickerGroup | undefined) => void;
}

/**
 * The `/` prompt picker of the message box. Feed it every text change, key press, blur
 * and focus of the box; it opens on `/word`, when the Commands-tab switch is on and the user has
 * PROMPTS.USE. Arrow keys move, Enter or Tab select, Escape closes, Backspace on an empty search
 * closes (the `/` itself is then deleted as usual). `onPick` receives the chosen group.
 */
export function usePromptCommand(onPick: (group: PickerGroup) => void) {
  const switchOn = useSettings((s) => s.slashCommand);
  const allowed = usePromptsEnabled();
  const enabled = switchOn && allowed;
  const [search, setSearch] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const blurTimer = useRef<number | undefined>(undefined);
  const open = enabled && search !== null;
  const { data, isPending } = useAllGroups(open);

  const rows = useMemo(
    () => (open ? matchCommandGroups(data ?? [], search ?? '') : []),
    [open, data, search],
  );
  useEffect(() => setActive(0), [search]);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const close = useCallback(() => setSearch(null), []);
  const choose = useCallback(
    (group: PickerGroup | undefined) => {
      if (!group) return;
      setSearch(null);
      onPick(group);
    },
    [onPick],
  );

  const onTextChange = useCallback(
    (text: string) => setSearch(enabled ? slashSearch(text) : null),
    [enabled],
  );

  /** True when the picker used the key (the caller then prevents its default). */
  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!open) return false;
    const count = rows.length;
    switch (e.key) {
      case 'ArrowDown':
        setActive((i) => (count ? (i + 1) % count : 0));
        return true;
      case 'ArrowUp':
        setActive((i) => (count ? (i - 1 + count) % count : 0));
        return true;
      case 'Enter':
      case 'Tab':
        if (e.shiftKey && e.key === 'Enter') return false;
        choose(rows[active]);
        return true;
      case 'Escape':
        close();
        return true;
      case 'Backspace':
        if (search === '') close();
        return false;
      default:
        return false;
    }
  };

  const onBlur = () => {
    window.clearTimeout(blurTimer.current);
    blurTimer.current = window.setTimeout(close, PICKER_BLUR_CLOSE_MS);
  };
  const onFocus = () => window.clearTimeout(blurTimer.current);

  const state: PromptCommandState = { open, rows, active, loading: open && isPending, setActive, choose };
  return { state, onTextChange, onKeyDown, onBlur, onFocus, close };
}
