import { artifactFileName } from '@parley/schema';
import clsx from 'clsx';
import { Check, ChevronLeft, ChevronRight, Copy, Download, RefreshCw, X } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/copy-text';
import { saveBlob } from '../../lib/save-blob';
import { ArtifactCode } from './artifact-code';
import { useArtifacts } from './artifacts-store';
import type { ArtifactEntry } from './collect-artifacts';
import { PreviewFrame } from './preview-frame';
import { frameIsReused, type PreviewArtifact } from './preview-protocol';
import { CONFIRM_MS, REFRESH_SPIN_MS } from './timings';

function useFlag(ms: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = window.setTimeout(() => setOn(false), ms);
    return () => window.clearTimeout(timer);
  }, [on, ms]);
  return [on, useCallback(() => setOn(true), [])];
}

function IconButton({
  label,
  onClick,
  children,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className="flex size-8 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/** The preview frame's element (its React key) and what it shows. */
interface KeptFrame {
  frameKey: string;
  artifact: PreviewArtifact;
  title: string;
}

function sameFrame(a: KeptFrame, b: KeptFrame | null): boolean {
  return (
    !!b &&
    a.frameKey === b.frameKey &&
    a.title === b.title &&
    a.artifact.type === b.artifact.type &&
    a.artifact.language === b.artifact.language &&
    a.artifact.content === b.artifact.content
  );
}

export interface ArtifactsPanelProps {
  artifacts: ArtifactEntry[];
  /** An answer is streaming: the code is read-only. */
  streaming: boolean;
  onSave: (artifact: ArtifactEntry, updated: string) => Promise<void>;
}

/**
 * The artifacts panel: the chosen artifact's preview (sandboxed frame) or code (editable), its
 * place among the conversation's artifacts with previous/next, and refresh, copy, download and
 * close.
 */
export default function ArtifactsPanel({ artifacts, streaming, onSave }: ArtifactsPanelProps) {
  const { t } = useTranslation();
  const { selectedKey, tab, setTab, select, close } = useArtifacts();
  const [refreshes, setRefreshes] = useState(0);
  const [spinning, spin] = useFlag(REFRESH_SPIN_MS);
  const [copied, confirmCopy] = useFlag(CONFIRM_MS);
  const [downloaded, confirmDownload] = useFlag(CONFIRM_MS);
  const [saving, setSaving] = useState(false);
  /** What the preview frame shows; a React frame stays (hidden) while the code tab is up. */
  const [kept, setKept] = useState<KeptFrame | null>(null);
  const found = artifacts.findIndex((a) => a.key === selectedKey);
  const position = found >= 0 ? found : artifacts.length - 1;
  const artifact = artifacts[position];
  if (!artifact) return null;

  const go = (step: number) => {
    const next = artifacts[position + step];
    if (next) select(next.key);
  };
  const copy = () => {
    void copyText(artifact.content).then((copied) => {
      if (copied) confirmCopy();
      else console.warn('Copy failed');
    });
  };
  const download = () => {
    try {
      saveBlob(
        new Blob([artifact.content], { type: 'text/plain;charset=utf-8' }),
        artifactFileName(artifact),
      );
      confirmDownload();
    } catch (error) {
      // The spec: a failed artifact download is only logged.
      console.warn('Artifact download failed', error);
    }
  };
  const showPreview = tab === 'preview' && artifact.complete;
  const shown: KeptFrame | null = showPreview
    ? {
        frameKey: frameIsReused(artifact.type)
          ? `reused:${refreshes}`
          : `${artifact.key}:${refreshes}:${artifact.content}`,
        artifact: { type: artifact.type, language: artifact.language, content: artifact.content },
        title: artifact.title,
      }
    : null;
  if (shown && !sameFrame(shown, kept)) setKept(shown);
  // The code tab, or an artifact still arriving, hides a React frame instead of closing it, so
  // the next component is posted to a frame that has everything loaded.
  const frame = shown ?? (kept && frameIsReused(kept.artifact.type) ? kept : null);

  return (
    <section
      className="flex h-full min-h-0 flex-col bg-surface"
      aria-label={t('com_ui_artifacts')}
      data-testid="artifacts-panel"
    >
      <header className="flex shrink-0 items-center gap-2 border-b border-border px-3 py-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-fg" data-testid="artifact-title">
          {artifact.title}
        </h2>
        <div role="tablist" className="flex rounded-lg bg-surface-muted p-0.5 text-xs font-medium">
          {(['preview', 'code'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={(name === 'preview') === showPreview}
              disabled={name === 'preview' && (saving || !artifact.complete)}
              onClick={() => setTab(name)}
              data-testid={`artifact-tab-${name}`}
              className={clsx(
                'rounded-md px-2.5 py-1 transition-colors disabled:opacity-40',
                (name === 'preview') === showPreview
                  ? 'bg-surface text-fg shadow-sm'
                  : 'text-fg-muted hover:text-fg',
              )}
            >
              {t(name === 'preview' ? 'com_ui_preview' : 'com_ui_code_tab')}
            </button>
          ))}
        </div>
        {showPreview && (
          <IconButton
            label={t('com_ui_refresh')}
            testId="artifact-refresh"
            onClick={() => {
              setRefreshes((n) => n + 1);
              spin();
            }}
          >
            <RefreshCw className={clsx('size-4', spinning && 'animate-spin')} />
          </IconButton>
        )}
        <IconButton label={t('com_ui_close')} onClick={close} testId="artifact-close">
          <X className="size-4" />
        </IconButton>
      </header>
      <div className="flex min-h-0 flex-1 flex-col">
        {frame && (
          <PreviewFrame
            key={frame.frameKey}
            artifact={frame.artifact}
            title={frame.title}
            hidden={!showPreview}
          />
        )}
        {!showPreview && (
          <ArtifactCode
            artifact={artifact}
            readOnly={streaming || !artifact.complete}
            onSave={onSave}
            onSaving={setSaving}
          />
        )}
      </div>
      <footer className="flex shrink-0 items-center gap-1 border-t border-border px-3 py-1.5">
        <IconButton
          label={t('com_ui_artifact_previous')}
          disabled={position === 0}
          onClick={() => go(-1)}
          testId="artifact-previous"
        >
          <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        </IconButton>
        <span
          className="min-w-12 text-center text-xs text-fg-muted tabular-nums"
          data-testid="artifact-counter"
        >
          {position + 1} / {artifacts.length}
        </span>
        <IconButton
          label={t('com_ui_artifact_next')}
          disabled={position === artifacts.length - 1}
          onClick={() => go(1)}
          testId="artifact-next"
        >
          <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </IconButton>
        <span className="flex-1" />
        <IconButton label={t('com_ui_copy_code')} onClick={copy} testId="artifact-copy">
          {copied ? <Check className="size-4 text-success" /> : <Copy className="size-4" />}
        </IconButton>
        <IconButton label={t('com_ui_download')} onClick={download} testId="artifact-download">
          {downloaded ? <Check className="size-4 text-success" /> : <Download className="size-4" />}
        </IconButton>
      </footer>
    </section>
  );
}
