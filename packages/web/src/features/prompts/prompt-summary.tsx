import type { PromptGroup } from '@parley/schema';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CategoryIcon, useCategoryLabel } from './category-meta';
import { HighlightedPrompt } from './highlighted-prompt';
import { isSharedToAll, useInstanceProjectId } from './use-shared-to-all';
import { VariableChips } from './variable-chips';

/** A group shown read-only: the detail page for non-authors and the chat-side preview. */
export function PromptSummary({ group, titleLevel = 2 }: { group: PromptGroup; titleLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const shared = isSharedToAll(group, useInstanceProjectId());
  const text = group.productionPrompt?.prompt ?? '';
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-muted ring-1 ring-border">
          <CategoryIcon category={group.category} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <Title className="flex items-center gap-2 text-lg font-semibold tracking-tight break-words">
            {group.name}
            {shared && (
              <Globe
                className="size-4 shrink-0 text-green-600 dark:text-green-400"
                aria-label={t('prompts.shared_to_all')}
              />
            )}
          </Title>
          <p className="text-[13px] text-fg-muted">
            {label(group.category)} · {t('prompts.by_author', { name: group.authorName })}
            {group.command && <span className="ms-1 font-mono text-fg-subtle">· /{group.command}</span>}
          </p>
        </div>
      </div>
      {group.oneliner && <p className="text-[15px] text-fg-muted">{group.oneliner}</p>}
      <div className="rounded-xl border border-border bg-surface-muted/60 p-4 dark:bg-surface-sunken">
        <HighlightedPrompt text={text} />
      </div>
      <VariableChips text={text} />
    </div>
  );
}
