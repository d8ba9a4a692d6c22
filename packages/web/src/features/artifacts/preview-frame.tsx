import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { isFrameMessage, type PreviewArtifact, type RenderMessage } from './preview-protocol';

/** Parley's own preview page; a deployment may host a copy elsewhere (bundlerURL). */
export const DEFAULT_PREVIEW_URL = '/artifacts/preview';

/**
 * The artifact drawn in a frame sandboxed with allow-scripts only: an opaque origin without
 * Parley's cookies, storage or API, which cannot navigate this page, under the preview page's
 * own policy (no network unless the deployment allows it). The panel keeps one frame for React
 * components (frameIsReused) and posts each new one to it, so React, the transpiler and Tailwind
 * load once; every other artifact, and a refresh, gets a new frame.
 */
export function PreviewFrame({
  artifact,
  title,
  hidden = false,
}: {
  artifact: PreviewArtifact;
  title: string;
  /** Kept loaded but out of sight (the code tab is shown). */
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const src = config?.staticBundlerURL || config?.bundlerURL || DEFAULT_PREVIEW_URL;
  const frame = useRef<HTMLIFrameElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(artifact);
  latest.current = artifact;
  /** The frame said it listens; the last render posted to it and when. */
  const sent = useRef({ ready: false, renderId: 0, at: 0 });

  const send = useCallback(() => {
    const target = frame.current?.contentWindow;
    if (!target || !sent.current.ready) return;
    sent.current.renderId += 1;
    sent.current.at = performance.now();
    frame.current?.removeAttribute('data-rendered');
    setError(null);
    const message: RenderMessage = {
      parley: 'render',
      renderId: sent.current.renderId,
      artifact: latest.current,
      dark: document.documentElement.classList.contains('dark'),
    };
    target.postMessage(message, '*');
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || !isFrameMessage(event.data)) return;
      const data = event.data;
      if (data.parley === 'ready') {
        sent.current.ready = true;
        send();
        return;
      }
      // An answer about a render the panel has since replaced is old news.
      if (data.renderId !== sent.current.renderId) return;
      if (data.parley === 'rendered') {
        // Read by the benchmark (artifact sent → painted in the frame).
        performance.measure('parley:artifact-preview', { start: sent.current.at, end: performance.now() });
        frame.current?.setAttribute('data-rendered', 'true');
      } else {
        setError(data.message);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  // A new artifact (or version) for a frame that is already listening.
  useEffect(send, [send, artifact.type, artifact.language, artifact.content]);
  // The theme switched while the preview is open: drawn again in the new one.
  useEffect(() => {
    let dark = document.documentElement.classList.contains('dark');
    const observer = new MutationObserver(() => {
      const now = document.documentElement.classList.contains('dark');
      if (now === dark) return;
      dark = now;
      send();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [send]);

  return (
    <div className={clsx('relative min-h-0 flex-1 flex-col', hidden ? 'hidden' : 'flex')}>
      <iframe
        ref={frame}
        src={src}
        title={title}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        className="min-h-0 w-full flex-1 border-0 bg-white"
        data-testid="artifact-preview"
      />
      {error && (
        <div
          role="alert"
          className="absolute inset-x-3 bottom-3 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
          data-testid="artifact-preview-error"
        >
          {t('com_ui_artifact_error', { message: error })}
        </div>
      )}
    </div>
  );
}
