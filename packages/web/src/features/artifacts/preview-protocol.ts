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

/**
 * Panel → frame: show this artifact. A frame takes a second render only when both artifacts are
 * React components (frameIsReused): it keeps React, the transpiler and Tailwind loaded and swaps
 * the component. Every other artifact, and a refresh, gets a frame of its own.
 */
export interface RenderMessage {
  parley: 'render';
  /** Counts the panel's renders in this frame: answers name the render they belong to. */
  renderId: number;
  artifact: PreviewArtifact;
  /** The user's theme, for the documents Parley draws itself (diagrams, markdown). */
  dark: boolean;
}

/** Frame → panel: loaded and listening / painted / failed (during a render, or later). */
export type FrameMessage =
  | { parley: 'ready' }
  | { parley: 'rendered'; renderId: number }
  | { parley: 'error'; renderId: number; message: string };

/** Whether a frame that showed one artifact of this type may show the next one of it too. */
export function frameIsReused(type: string): boolean {
  return type === 'application/vnd.react';
}

const isRenderId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!data || typeof data !== 'object') return false;
  const message = data as { parley?: unknown; renderId?: unknown; message?: unknown };
  if (message.parley === 'ready') return true;
  if (!isRenderId(message.renderId)) return false;
  return message.parley === 'rendered' || (message.parley === 'error' && typeof message.message === 'string');
}

export function isRenderMessage(data: unknown): data is RenderMessage {
  if (!data || typeof data !== 'object') return false;
  const message = data as Partial<RenderMessage>;
  const artifact = message.artifact as Partial<PreviewArtifact> | undefined;
  return (
    message.parley === 'render' &&
    isRenderId(message.renderId) &&
    !!artifact &&
    typeof artifact.type === 'string' &&
    typeof artifact.content === 'string' &&
    typeof artifact.language === 'string'
  );
}
