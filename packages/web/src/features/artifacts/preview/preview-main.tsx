import { frameIsReused, isRenderMessage, type FrameMessage, type RenderMessage } from '../preview-protocol';
import { lockDownFrame } from './frame-lockdown';
import './preview.css';

/** Runs before any artifact arrives: WebRTC gone, every HTML string checked (frame-lockdown.ts). */
const trustedArtifactHtml = lockDownFrame();

/**
 * The artifact preview document. It runs in a frame sandboxed with allow-scripts only (an opaque
 * origin: no cookies, no storage, no way to Parley's API) under its own Content-Security-Policy
 * (no network), waits for the panel's render message and draws that artifact. A React component
 * may be followed by another one (the panel keeps this frame for them, so React, the transpiler
 * and Tailwind stay loaded); any other artifact is the frame's only one.
 */
function post(message: FrameMessage): void {
  window.parent.postMessage(message, '*');
}

/** The render being drawn or shown: answers and later errors belong to it. */
let current: RenderMessage | null = null;

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  post({ parley: 'error', renderId: current?.renderId ?? 0, message });
  const root = document.getElementById('root');
  if (!root) return;
  const box = document.createElement('pre');
  box.className = 'preview-error';
  box.textContent = message;
  root.replaceChildren(box);
}

/** Tells the panel once the browser has painted what was drawn (two frames later). */
function afterPaint(renderId: number): void {
  requestAnimationFrame(() => requestAnimationFrame(() => post({ parley: 'rendered', renderId })));
}

/** An HTML artifact becomes this whole document (its scripts run under this page's policy). */
function writeDocument(html: string): void {
  const trusted = trustedArtifactHtml(html);
  document.open();
  document.write(trusted as string);
  document.close();
}

/** Draws the artifact; false when a newer render replaced it before it was drawn. */
async function render({ artifact, dark }: RenderMessage): Promise<boolean | void> {
  const root = document.getElementById('root')!;
  document.documentElement.classList.toggle('dark', dark);
  switch (artifact.type) {
    case 'text/html':
    case 'application/vnd.code-html':
      writeDocument(artifact.content);
      return;
    case 'image/svg+xml': {
      const { renderSvg } = await import('./svg-view');
      renderSvg(artifact.content, root);
      return;
    }
    case 'application/vnd.react': {
      const { runReact } = await import('./react-runner');
      return runReact(artifact.content, root, fail);
    }
    case 'application/vnd.mermaid': {
      const { renderMermaidArtifact } = await import('./mermaid-view');
      await renderMermaidArtifact(artifact.content, root, dark);
      return;
    }
    case 'text/markdown': {
      const { renderMarkdown } = await import('./markdown-view');
      renderMarkdown(artifact.content, root);
      return;
    }
    default: {
      const pre = document.createElement('pre');
      pre.className = 'preview-plain';
      pre.textContent = artifact.content;
      root.replaceChildren(pre);
    }
  }
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || !isRenderMessage(event.data)) return;
  const next = event.data;
  if (current && !(frameIsReused(current.artifact.type) && frameIsReused(next.artifact.type))) return;
  current = next;
  render(next).then(
    (drawn) => {
      if (drawn !== false && current === next) afterPaint(next.renderId);
    },
    (error: unknown) => {
      if (current === next) fail(error);
    },
  );
});
window.addEventListener('error', (event) => fail(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => fail(event.reason));
post({ parley: 'ready' });
