import { useCallback, type KeyboardEvent, type ReactNode } from 'react';
import type { PickerGroup } from './command-match';
import { PromptCommandPopover } from './prompt-command-popover';
import { usePromptCommand } from './use-prompt-command';
import { useRunPrompt } from './use-run-prompt';

export interface SlashPrompts {
  /** Call on every change of the message box's text. */
  onTextChange: (text: string) => void;
  /** Call first in the box's keydown; when it returns true, prevent the default and stop. */
  onKeyDown: (e: KeyboardEvent) => boolean;
  onBlur: () => void;
  onFocus: () => void;
  /** The picker (render inside the box's `relative` wrapper) and the variable dialog. */
  element: ReactNode;
}

/**
 * Everything the message box needs for the `/` command: the picker and, on a choice,
 * the box is emptied and the prompt runs — the variable dialog when it has variables, else its
 * text is sent through `send`.
 */
export function useSlashPrompts({
  clearText,
  send,
}: {
  clearText: () => void;
  send: (text: string) => void;
}): SlashPrompts {
  const { run, dialog } = useRunPrompt(send);
  const pick = useCallback(
    (group: PickerGroup) => {
      clearText();
      run(group);
    },
    [clearText, run],
  );
  const command = usePromptCommand(pick);
  return {
    onTextChange: command.onTextChange,
    onKeyDown: command.onKeyDown,
    onBlur: command.onBlur,
    onFocus: command.onFocus,
    element: (
      <>
        <PromptCommandPopover state={command.state} />
        {dialog}
      </>
    ),
  };
}
