import { artifactKey, type ParsedArtifact } from '@parley/schema';
import { Code2, FileText, Image, LoaderCircle, Network, PanelRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useArtifacts, type ArtifactTab } from './artifacts-store';
import { useArtifactScope } from './artifact-scope';
import { ARTIFACT_OPEN_DELAY_MS } from './timings';

function iconOf(type: string) {
  if (type === 'application/vnd.mermaid') return Network;
  if (type === 'image/svg+xml') return Image;
  if (type === 'text/markdown') return FileText;
  return Code2;
}

/** Opens the panel on an artifact ARTIFACT_OPEN_DELAY_MS later, if still in that conversation. */
function openLater(key: string | null, tab: ArtifactTab): void {
  const conversationId = useArtifacts.getState().conversationId;
  window.setTimeout(() => {
    const store = useArtifacts.getState();
    if (store.conversationId === conversationId) store.show(key, tab);
  }, ARTIFACT_OPEN_DELAY_MS);
}

/** An artifact's place in a message: a button that opens it in the artifacts panel. */
export function ArtifactCard({ artifact, index }: { artifact: ParsedArtifact; index: number }) {
  const { t } = useTranslation();
  const scope = useArtifactScope();
  const Icon = iconOf(artifact.type);
  const key = scope ? artifactKey(scope.messageId, artifact, scope.offset + index) : null;
  return (
    <button
      type="button"
      className="my-3 flex w-full max-w-md items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2.5 text-start transition-colors hover:bg-surface-muted"
      data-testid="artifact-card"
      onClick={() => openLater(key, artifact.complete ? 'preview' : 'code')}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-muted">
        {artifact.complete ? (
          <Icon className="size-4.5" />
        ) : (
          <LoaderCircle className="size-4.5 animate-spin" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-fg">{artifact.title}</span>
        <span className="block truncate text-xs text-fg-muted">
          {artifact.complete ? t('com_ui_artifact_click') : t('com_ui_artifact_generating')}
        </span>
      </span>
      <PanelRight className="size-4 shrink-0 text-fg-muted" aria-hidden />
    </button>
  );
}
