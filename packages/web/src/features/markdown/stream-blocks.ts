/**
 * Splits streaming markdown into top-level blocks at blank lines outside code fences and `$$`
 * math, so a renderer can keep finished blocks as they are and re-parse only the growing last
 * one. Only used while streaming; the finished message is rendered whole.
 */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let math = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    const marker = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (marker && (fence === null || marker.startsWith(fence)))
      fence = fence === null ? marker.slice(0, 3) : null;
    else if (fence === null && trimmed === '$$') math = !math;
    if (trimmed === '' && fence === null && !math && current.length > 0) {
      blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    if (trimmed === '' && current.length === 0) continue;
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}
