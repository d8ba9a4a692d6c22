import type { PromptGroup, PromptVersion } from '@parley/schema';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query';
import { showToast } from '../toasts';
import { EditorTitleBar } from './editor-title-bar';
import { CommandField, OnelinerField } from './prompt-fields';
import { PromptTextCard } from './prompt-text-card';
import { DRAWER_MEDIA } from './prompts-breakpoints';
import { usePromptsUi } from './prompts-store';
import { useDebouncedSave } from './use-debounced-save';
import { useCreatePrompt, useDeleteVersion, useMakeProduction, useUpdateGroup } from './use-prompt-mutations';
import { useVersions } from './use-prompt-queries';
import { versionTime } from './version-tags';
import { VersionsDrawer } from './versions-drawer';
import { VersionsPanel } from './versions-panel';

/**
 * The author's (or an admin's) editor of a group. Simple mode edits the text; advanced mode adds
 * the versions panel. In simple mode a saved version always becomes production, since that mode
 * has no other way to put it in use.
 */
export function PromptEditor({ group }: { group: PromptGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode = usePromptsUi((s) => s.editorMode);
  const alwaysMakeProd = usePromptsUi((s) => s.alwaysMakeProd);
  const drawerMode = useMediaQuery(DRAWER_MEDIA);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const { data: versions } = useVersions(group._id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const createVersion = useCreatePrompt();
  const makeProduction = useMakeProduction(group._id);
  const deleteVersion = useDeleteVersion(group._id, () => void navigate('/d/prompts', { replace: true }));
  const advanced = mode === 'advanced';

  // Shown: the chosen version, else production, else the newest.
  const shown =
    versions?.find((v) => v._id === chosenId) ??
    versions?.find((v) => v._id === group.productionId) ??
    versions?.[0];
  const number = shown && versions ? versions.length - versions.indexOf(shown) : 0;

  const leaveEdit = (text: string) => {
    if (!shown || text === shown.prompt || text.trim() === '') return;
    createVersion.mutate(
      { prompt: { prompt: text, type: 'text', groupId: group._id } },
      {
        onSuccess: ({ prompt }) => {
          setChosenId(prompt._id);
          if (alwaysMakeProd || !advanced) makeProduction.mutate(prompt);
        },
        onError: () => showToast(t('prompts.update_error'), 'error'),
      },
    );
  };

  const panel = (
    <VersionsPanel
      group={group}
      versions={versions}
      selectedId={shown?._id ?? null}
      onSelect={(id) => {
        setChosenId(id);
        setDrawerOpen(false);
      }}
      onDelete={(version: PromptVersion) => {
        setChosenId(null);
        deleteVersion.mutate(version);
      }}
      deleting={deleteVersion.isPending}
    />
  );

  return (
    <div className="flex min-h-0 flex-1" data-testid="prompt-editor">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-8">
          <EditorTitleBar
            group={group}
            onOpenVersions={advanced && drawerMode ? () => setDrawerOpen(true) : undefined}
          />
          <PromptTextCard
            text={shown?.prompt ?? group.productionPrompt?.prompt ?? ''}
            caption={
              shown ? `${t('prompts.version_n', { n: number })} · ${versionTime(shown.createdAt)}` : ''
            }
            saving={createVersion.isPending}
            onLeaveEdit={leaveEdit}
          />
          <GroupDetailsFields group={group} />
        </div>
      </div>
      {advanced && !drawerMode && (
        <aside className="w-80 shrink-0 border-s border-border bg-surface-muted/50 dark:bg-surface-sunken">
          {panel}
        </aside>
      )}
      {advanced && drawerMode && (
        <VersionsDrawer open={drawerOpen} onClose={closeDrawer}>
          {panel}
        </VersionsDrawer>
      )}
    </div>
  );
}

/** Description and command, each saved 950 ms after the last change. */
function GroupDetailsFields({ group }: { group: PromptGroup }) {
  const update = useUpdateGroup(group._id);
  const [oneliner, setOneliner] = useState(group.oneliner);
  const [command, setCommand] = useState(group.command ?? '');
  useDebouncedSave(oneliner, group.oneliner, (value) => update.mutate({ oneliner: value }));
  useDebouncedSave(command, group.command ?? '', (value) => update.mutate({ command: value }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <OnelinerField value={oneliner} onChange={setOneliner} />
      <CommandField value={command} onChange={setCommand} />
    </div>
  );
}
