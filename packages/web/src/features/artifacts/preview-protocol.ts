/**
 * The messages between the artifacts panel and its preview frame. The frame is sandboxed without
 * allow-same-origin, so its origin is opaque: both sides post with target "*" and check who sent
 * a message (the panel: the frame's window; the frame: its parent) instead of an origin.
 */
export interface PreviewArtifact {
  type: string;
  language: string;
  content: string;
}

/** Panel → frame: show this artifact (sent once per frame; a refresh makes a new frame). */
export interface RenderMessage {
  parley: 'render';
  artifact: PreviewArtifact;
  /** The user's theme, for the documents Parley draws itself (diagrams, markdown). */
  dark: boolean;
}

/** Frame → panel: loaded and listening / painted / failed. */
export type FrameMessage =
  { parley: 'ready' } | { parley: 'rendered' } | { parley: 'error'; message: string };

export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!data || typeof data !== 'object') return false;
  const kind = (data as { parley?: unknown }).parley;
  if (kind === 'ready' || kind === 'rendered') return true;
  return kind === 'error' && typeof (data as { message?: unknown }).message === 'string';
}

export function isRenderMessage(data: unknown): data is RenderMessage {
  if (!data || typeof data !== 'object') return false;
  const message = data as Partial<RenderMessage>;
  const artifact = message.artifact as Partial<PreviewArtifact> | undefined;
  return (
    message.parley === 'render' &&
    !!artifact &&
    typeof artifact.type === 'string' &&
    typeof artifact.content === 'string' &&
    typeof artifact.language === 'string'
  );
}
