/**
 * Inline thinking: text between `:::thinking` and a closing `:::` line is reasoning.
 * Splits a text into segments so the renderer can show reasoning as a collapsible block. An
 * unclosed section (still streaming) runs to the end.
 */
export type Segment = { kind: 'text' | 'thinking'; text: string };

const OPEN = /^[ \t]*:::thinking[ \t]*$/m;
const CLOSE = /^[ \t]*:::[ \t]*$/m;

export function splitThinking(text: string): Segment[] {
  const segments: Segment[] = [];
  let rest = text;
  while (rest.length > 0) {
    const open = OPEN.exec(rest);
    if (!open) {
      segments.push({ kind: 'text', text: rest });
      break;
    }
    if (open.index > 0) segments.push({ kind: 'text', text: rest.slice(0, open.index) });
    const afterOpen = rest.slice(open.index + open[0].length);
    const close = CLOSE.exec(afterOpen);
    const inner = close ? afterOpen.slice(0, close.index) : afterOpen;
    segments.push({ kind: 'thinking', text: inner.trim() });
    rest = close ? afterOpen.slice(close.index + close[0].length) : '';
  }
  return segments.filter((s) => s.kind === 'thinking' || s.text.trim().length > 0);
}

/** Reasoning text without `<think>` tags some providers wrap it in. */
export function stripThinkTags(text: string): string {
  return text.replace(/<\/?think>/g, '').trim();
}
