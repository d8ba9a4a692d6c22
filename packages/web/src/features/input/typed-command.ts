/** The model commands typed at the start of the message box: `@` switches model, `+` adds one. */
export type ModelCommand = '@' | '+';

/**
 * Which model command the box's text opens, if any: the text starts with the command's character
 * and is still one word (a space or a new line means the person is writing a message that merely
 * starts with it, such as "+1 for that"), and the command's switch is on.
 */
export function typedCommand(text: string, enabled: Record<ModelCommand, boolean>): ModelCommand | null {
  const first = text[0];
  if (first !== '@' && first !== '+') return null;
  if (!enabled[first] || /\s/.test(text)) return null;
  return first;
}
