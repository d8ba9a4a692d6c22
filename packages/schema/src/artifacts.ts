/**
 * Artifacts: self-contained pieces of content (a page, a React component, a diagram) that a model
 * writes into its answer as
 *
 *     :::artifact{identifier="todo-app" type="application/vnd.react" title="Todo app"}
 *     ```tsx
 *     export default function App() { … }
 *     ```
 *     :::
 *
 * The web app shows them in the artifacts panel; the server edits their code in place. Both read
 * them with this one parser, which also reads an artifact that is still streaming (no closing
 * `:::` yet).
 */
export const ARTIFACT_TYPES = [
  'text/html',
  'application/vnd.react',
  'image/svg+xml',
  'application/vnd.mermaid',
  'text/markdown',
  'application/vnd.code-html',
] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

/** The defaults when the opening line leaves an attribute out. */
/**
 * The Trusted Types policy name under which the artifact preview page writes an HTML artifact:
 * the server's policy for that page allows it (and `default`), the page creates it.
 */
export const ARTIFACT_HTML_POLICY = 'parley-artifact-html';

export const ARTIFACT_DEFAULTS = { title: 'untitled', type: 'unknown', identifier: 'no-identifier' } as const;

export interface ParsedArtifact {
  identifier: string;
  title: string;
  /** One of ARTIFACT_TYPES, or what the model wrote (shown as code only). */
  type: string;
  /** The code fence's language (`tsx`, `html`, …), empty when there is no fence. */
  language: string;
  /** The code inside the fence (or the whole body when the model wrote no fence). */
  content: string;
  /** The closing `:::` has arrived. */
  complete: boolean;
  /** Where the artifact's code starts and ends in the text (for in-place edits). */
  contentStart: number;
  contentEnd: number;
  /** Where the whole block (opening line to closing `:::`) starts and ends in the text. */
  start: number;
  end: number;
}

const OPEN = /^[ \t]*:::artifact(?:\{([^}\n]*)\})?[ \t]*$/;
const CLOSE = /^[ \t]*:::[ \t]*$/;
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*$/;
const ATTRIBUTE = /([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;

/** `identifier="a" type='b' title=c` → their values. */
export function parseArtifactAttributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    out[match[1]!] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return out;
}

interface Line {
  text: string;
  start: number;
  /** Offset just past the line's newline (or the text's end). */
  next: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ text: text.slice(start, end).replace(/\r$/, ''), start, next: newline < 0 ? end : end + 1 });
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

function isFenceClose(line: string, mark: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith(mark) && trimmed.replace(/[`~]/g, '') === '';
}

/**
 * A fence inside an artifact closes it only when the block's `:::` (or the end of what has
 * arrived) follows, so a markdown artifact may hold code blocks of its own.
 */
function closesBlock(lines: Line[], from: number): boolean {
  for (let k = from; k < lines.length; k += 1) {
    const text = lines[k]!.text;
    if (text.trim() === '') continue;
    return CLOSE.test(text);
  }
  return true;
}

/**
 * Every artifact block in a message text, in order. While an answer streams the last block may be
 * open: its content is what has arrived so far, without a half-written closing fence.
 */
export function findArtifacts(text: string): ParsedArtifact[] {
  if (!text.includes(':::artifact')) return [];
  const lines = linesOf(text);
  const found: ParsedArtifact[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = OPEN.exec(lines[i]!.text);
    if (!open) {
      i += 1;
      continue;
    }
    const attributes = parseArtifactAttributes(open[1] ?? '');
    const start = lines[i]!.start;
    i += 1;
    // An optional code fence right after the opening line (blank lines allowed before it).
    let j = i;
    while (j < lines.length && lines[j]!.text.trim() === '' && j < lines.length - 1) j += 1;
    const fence = j < lines.length ? FENCE_OPEN.exec(lines[j]!.text) : null;
    let language = '';
    let fenceMark: string | null = null;
    if (fence) {
      fenceMark = fence[1]!;
      language = fence[2] ?? '';
      i = j + 1;
    }
    const contentStart = i < lines.length ? lines[i]!.start : text.length;
    let contentEnd = text.length;
    let end = text.length;
    let complete = false;
    let inFence = fenceMark !== null;
    for (; i < lines.length; i += 1) {
      const line = lines[i]!.text;
      if (inFence && isFenceClose(line, fenceMark!) && closesBlock(lines, i + 1)) {
        contentEnd = Math.max(contentStart, lines[i]!.start - 1);
        inFence = false;
        continue;
      }
      if (!inFence && CLOSE.test(line)) {
        if (fenceMark === null) contentEnd = Math.max(contentStart, lines[i]!.start - 1);
        end = lines[i]!.next;
        complete = true;
        i += 1;
        break;
      }
    }
    if (!complete && inFence) contentEnd = text.length;
    let content = text.slice(contentStart, contentEnd);
    if (!complete && inFence) content = content.replace(/\n?[ \t]*[`~]{1,}[ \t]*$/, '');
    found.push({
      identifier: attributes.identifier || ARTIFACT_DEFAULTS.identifier,
      title: attributes.title || ARTIFACT_DEFAULTS.title,
      type: attributes.type || ARTIFACT_DEFAULTS.type,
      language,
      content,
      complete,
      contentStart,
      contentEnd: contentStart + content.length,
      start,
      end,
    });
  }
  return found;
}

/** A text cut into plain markdown and artifact blocks, in order (for rendering a message). */
export type ArtifactSegment =
  { kind: 'text'; text: string } | { kind: 'artifact'; artifact: ParsedArtifact; index: number };

export function splitArtifacts(text: string): ArtifactSegment[] {
  const artifacts = findArtifacts(text);
  if (artifacts.length === 0) return [{ kind: 'text', text }];
  const segments: ArtifactSegment[] = [];
  let at = 0;
  artifacts.forEach((artifact, index) => {
    if (artifact.start > at) segments.push({ kind: 'text', text: text.slice(at, artifact.start) });
    segments.push({ kind: 'artifact', artifact, index });
    at = artifact.end;
  });
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}

/** The panel's id of an artifact: stable across re-renders, distinct per message and block. */
export function artifactKey(
  messageId: string,
  artifact: Pick<ParsedArtifact, 'identifier' | 'type' | 'title'>,
  index: number,
): string {
  return `${artifact.identifier}_${artifact.type}_${artifact.title}_${messageId}_${index}`;
}

/**
 * The names an artifact without a title downloads as: the entry file each kind has in a project
 * (a React component is App.tsx, a web page index.html), so the file drops into one unchanged.
 */
const UNTITLED_FILE_NAMES: Record<string, string> = {
  'application/vnd.react': 'App.tsx',
  'text/html': 'index.html',
  'application/vnd.code-html': 'index.html',
};

/** True for a title the author never gave (missing, blank or the parser's default). */
function isUntitled(title: string): boolean {
  const trimmed = title.trim();
  return trimmed === '' || trimmed === ARTIFACT_DEFAULTS.title;
}

/**
 * The file name a download gets: named after its title, so several artifacts saved to one folder
 * stay apart; an untitled one takes its kind's entry file name (App.tsx, index.html).
 */
export function artifactFileName(artifact: Pick<ParsedArtifact, 'type' | 'title' | 'language'>): string {
  const extension: Record<string, string> = {
    'text/html': 'html',
    'application/vnd.code-html': 'html',
    'application/vnd.react': artifact.language === 'jsx' ? 'jsx' : 'tsx',
    'image/svg+xml': 'svg',
    'application/vnd.mermaid': 'mmd',
    'text/markdown': 'md',
  };
  const suffix = extension[artifact.type] ?? (artifact.language || 'txt');
  const entryFile = UNTITLED_FILE_NAMES[artifact.type];
  if (isUntitled(artifact.title) && entryFile) return suffix === 'jsx' ? 'App.jsx' : entryFile;
  const base =
    artifact.title
      .replace(/[^\w-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'artifact';
  return `${base}.${suffix}`;
}

export interface ArtifactEditResult {
  conversationId: string;
  content: unknown[] | null;
  text: string;
}

export type ArtifactReplaceOutcome = { ok: true; text: string } | { ok: false; reason: 'index' | 'original' };

/**
 * Replaces the code of the `index`-th artifact of `text` when it still holds `original` (compared
 * after trimming, since editors trim and models pad). Anything outside that artifact's code stays
 * byte for byte.
 */
export function replaceArtifactContent(
  text: string,
  index: number,
  original: string,
  updated: string,
): ArtifactReplaceOutcome {
  const artifact = findArtifacts(text)[index];
  if (!artifact) return { ok: false, reason: 'index' };
  if (artifact.content.trim() !== original.trim()) return { ok: false, reason: 'original' };
  const body = updated.endsWith('\n') || updated === '' ? updated.replace(/\n$/, '') : updated;
  return { ok: true, text: text.slice(0, artifact.contentStart) + body + text.slice(artifact.contentEnd) };
}
