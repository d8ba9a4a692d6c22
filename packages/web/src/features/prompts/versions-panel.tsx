import type { PromptGroup, PromptVersion } from '@parley/schema';
import { clsx } from 'clsx';
import { Rocket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SwitchRow } from '../../components/ui/switch';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { usePromptsUi } from './prompts-store';
import { useMakeProduction } from './use-prompt-mutations';
import { versionTags, versionTime } from './version-tags';

/** Six skeleton rows while the versions load. */
export const VERSION_SKELETONS = 6;

/**
 * Advanced mode's side panel: make the shown version production, the
 * always-make-production switch, and the versions, newest first, with their tags and times.
 */
export function VersionsPanel(props: {
  group: PromptGroup;
  versions: PromptVersion[] | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onDelete: (version: PromptVersion) => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const { group, versions, selectedId } = props;
  const alwaysMakeProd = usePromptsUi((s) => s.alwaysMakeProd);
  const setAlwaysMakeProd = usePromptsUi((s) => s.setAlwaysMakeProd);
  const makeProduction = useMakeProduction(group._id);
  const [confirming, setConfirming] = useState(false);
  const selected = versions?.find((v) => v._id === selectedId);
  const isProduction = selected?._id === group.productionId;

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="versions-panel">
      <div className="space-y-2 border-b border-border p-4">
        <Button
          className="w-full"
          variant={isProduction ? 'secondary' : 'primary'}
          disabled={!selected || isProduction}
          loading={makeProduction.isPending}
          onClick={() => selected && makeProduction.mutate(selected)}
          data-testid="make-production"
        >
          <Rocket className="size-4" aria-hidden />
          {isProduction ? t('prompts.is_production') : t('prompts.make_production')}
        </Button>
        <SwitchRow
          label={t('prompts.always_make_production')}
          checked={alwaysMakeProd}
          onCheckedChange={setAlwaysMakeProd}
          testId="always-make-production"
        />
      </div>
      <div className="flex items-center justify-between px-4 pt-3 pb-1">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
          {t('prompts.versions')}
        </h3>
        {selected && versions && (
          <Button
            variant="ghost"
            size="icon"
            className="size-7 hover:text-danger"
            onClick={() => setConfirming(true)}
            aria-label={t('prompts.delete_version')}
            data-testid="delete-version"
          >
            <Trash2 className="size-3.5" aria-hidden />
          </Button>
        )}
      </div>
      <ul className="min-h-0 flex-1 space-y-1 overflow-y-auto px-2 pb-3" data-testid="version-list">
        {!versions &&
          Array.from({ length: VERSION_SKELETONS }, (_, i) => (
            <li key={i} className="mx-2 h-14 animate-pulse rounded-xl bg-surface-muted" aria-hidden />
          ))}
        {versions?.map((version, index) => (
          <VersionRow
            key={version._id}
            number={versions.length - index}
            time={versionTime(version.createdAt)}
            tags={versionTags(versions, index, group.productionId)}
            active={version._id === selectedId}
            onClick={() => props.onSelect(version._id)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('prompts.delete_version')}
        description={t('prompts.delete_version_confirm')}
        confirmLabel={t('com_ui_delete')}
        pending={props.deleting}
        onConfirm={() => {
          if (selected) props.onDelete(selected);
          setConfirming(false);
        }}
      />
    </div>
  );
}

function VersionRow(props: {
  number: number;
  time: string;
  tags: string[];
  active: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={props.onClick}
        aria-pressed={props.active}
        data-testid="version-row"
        className={clsx(
          'w-full rounded-xl border px-3 py-2 text-start transition-colors',
          props.active ? 'border-accent/50 bg-accent-soft' : 'border-transparent hover:bg-surface-muted',
        )}
      >
        <span className="flex items-center gap-1.5">
          <span className="text-sm font-medium">{t('prompts.version_n', { n: props.number })}</span>
          {props.tags.map((tag) => (
            <span
              key={tag}
              data-testid={`tag-${tag}`}
              className={clsx(
                'rounded-full px-1.5 py-px text-[10.5px] font-semibold tracking-wide uppercase',
                tag === 'production'
                  ? 'bg-success-soft text-success ring-1 ring-success/30'
                  : 'bg-surface-sunken text-fg-muted ring-1 ring-border dark:bg-surface-raised',
              )}
            >
              {t(`prompts.tag_${tag}`)}
            </span>
          ))}
        </span>
        <span className="mt-0.5 block font-mono text-xs text-fg-subtle tabular-nums">{props.time}</span>
      </button>
    </li>
  );
}
