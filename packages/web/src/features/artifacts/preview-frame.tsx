import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { isFrameMessage, type PreviewArtifact, type RenderMessage } from './preview-protocol';

/** Parley's own preview page; a deployment may host a copy elsewhere (bundlerURL). */
export const DEFAULT_PREVIEW_URL = '/artifacts/preview';

/**
 * The artifact drawn in a frame sandboxed with allow-scripts only: an opaque origin without
 * Parley's cookies, storage or API, which cannot navigate this page, under the preview page's
 * own policy (no network). A new frame per artifact version or refresh: nothing leaks between.
 */
export function PreviewFrame({ artifact, title }: { artifact: PreviewArtifact; title: string }) {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const src = config?.staticBundlerURL || config?.bundlerURL || DEFAULT_PREVIEW_URL;
  const frame = useRef<HTMLIFrameElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const started = performance.now();
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || !isFrameMessage(event.data)) return;
      if (event.data.parley === 'ready') {
        const message: RenderMessage = {
          parley: 'render',
          artifact,
          dark: document.documentElement.classList.contains('dark'),
        };
        target.postMessage(message, '*');
      } else if (event.data.parley === 'rendered') {
        // Read by the benchmark (artifact sent → painted in the frame).
        performance.measure('parley:artifact-preview', { start: started, end: performance.now() });
        frame.current?.setAttribute('data-rendered', 'true');
      } else {
        setError(event.data.message);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [artifact]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
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
