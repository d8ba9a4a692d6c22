import { isRenderMessage, type FrameMessage, type RenderMessage } from '../preview-protocol';
import './preview.css';

/**
 * The artifact preview document. It runs in a frame sandboxed with allow-scripts only (an opaque
 * origin: no cookies, no storage, no way to Parley's API) under its own Content-Security-Policy
 * (no network), waits for the panel's one render message and draws that artifact.
 */
function post(message: FrameMessage): void {
  window.parent.postMessage(message, '*');
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  post({ parley: 'error', message });
  const root = document.getElementById('root');
  if (!root) return;
  const box = document.createElement('pre');
  box.className = 'preview-error';
  box.textContent = message;
  root.replaceChildren(box);
}

/** Tells the panel once the browser has painted what was drawn (two frames later). */
function afterPaint(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => post({ parley: 'rendered' })));
}

/** An HTML artifact becomes this whole document (its scripts run under this page's policy). */
function writeDocument(html: string): void {
  document.open();
  document.write(html);
  document.close();
}

async function render({ artifact, dark }: RenderMessage): Promise<void> {
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
      await runReact(artifact.content, root, fail);
      return;
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

let rendered = false;
window.addEventListener('message', (event) => {
  if (rendered || event.source !== window.parent || !isRenderMessage(event.data)) return;
  rendered = true;
  render(event.data).then(afterPaint, fail);
});
window.addEventListener('error', (event) => fail(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => fail(event.reason));
post({ parley: 'ready' });
