import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArtifactEntry } from './collect-artifacts';

/** The spec's autosave debounce for artifact edits. */
export const AUTOSAVE_MS = 500;

/**
 * The artifact's code, editable once the artifact is complete and no answer is streaming. Edits
 * save 500 ms after the last key press when the code differs from what is stored (after
 * trimming) and no save is running; the panel re-renders from the saved message.
 */
export function ArtifactCode({
  artifact,
  readOnly,
  onSave,
  onSaving,
}: {
  artifact: ArtifactEntry;
  readOnly: boolean;
  onSave: (artifact: ArtifactEntry, updated: string) => Promise<void>;
  onSaving: (saving: boolean) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(artifact.content);
  const [failed, setFailed] = useState(false);
  const saving = useRef(false);
  const stored = artifact.content;

  // Another version, a streamed update or a saved edit: the editor shows the stored code.
  useEffect(() => {
    setCode(stored);
  }, [artifact.key, stored]);

  useEffect(() => {
    if (readOnly || saving.current || code.trim() === stored.trim()) return;
    const timer = window.setTimeout(() => {
      saving.current = true;
      onSaving(true);
      setFailed(false);
      onSave(artifact, code)
        .catch(() => setFailed(true))
        .finally(() => {
          saving.current = false;
          onSaving(false);
        });
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [code, stored, readOnly, artifact, onSave, onSaving]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <textarea
        value={code}
        onChange={(e) => setCode(e.target.value)}
        readOnly={readOnly}
        spellCheck={false}
        aria-label={t('com_ui_artifact_code')}
        data-testid="artifact-code"
        className="min-h-0 w-full flex-1 resize-none border-0 bg-surface-sunken p-4 font-mono text-[13px] leading-relaxed text-fg outline-none"
      />
      {failed && (
        <div role="alert" className="border-t border-border bg-danger-soft px-3 py-2 text-sm text-danger">
          {t('com_ui_artifact_save_error')}
        </div>
      )}
    </div>
  );
}
