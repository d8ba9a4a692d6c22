import { useTranslation } from 'react-i18next';
import { useMyFiles } from '../files-dashboard';
import { toggleResourceFile, type AgentForm } from './agent-form';

/**
 * The agent's files for file search: the user's own uploaded documents, each checked to be
 * searched whenever the agent runs (its `tool_resources.file_search`). Files of the agent that
 * are not the user's (an admin editing) stay listed by id so they can be taken off.
 */
export function AgentFilesField({
  form,
  change,
}: {
  form: AgentForm;
  change: (patch: Partial<AgentForm>) => void;
}) {
  const { t } = useTranslation();
  const { data: files = [], isPending } = useMyFiles();
  const chosen = form.tool_resources.file_search?.file_ids ?? [];
  const documents = files.filter((f) => !f.type.startsWith('image/'));
  const foreign = chosen.filter((id) => !documents.some((f) => f.file_id === id));
  const set = (fileId: string, on: boolean) =>
    change({ tool_resources: toggleResourceFile(form.tool_resources, 'file_search', fileId, on) });
  return (
    <fieldset className="space-y-1" data-testid="agent-files">
      <legend className="mb-1 text-[13px] font-medium text-fg">{t('agents.files')}</legend>
      {!isPending && documents.length === 0 && foreign.length === 0 && (
        <p className="text-xs text-fg-muted">{t('agents.no_files')}</p>
      )}
      {[
        ...documents.map((f) => ({ id: f.file_id, label: f.filename })),
        ...foreign.map((id) => ({ id, label: id })),
      ].map((file) => (
        <label
          key={file.id}
          className="flex cursor-pointer items-center gap-2 rounded-lg px-1 py-1 text-sm hover:bg-surface-muted"
        >
          <input
            type="checkbox"
            checked={chosen.includes(file.id)}
            onChange={(e) => set(file.id, e.target.checked)}
            data-testid={`agent-file-${file.id}`}
          />
          <span className="min-w-0 flex-1 truncate">{file.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
