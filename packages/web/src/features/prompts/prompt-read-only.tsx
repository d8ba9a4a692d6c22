import type { PromptGroup } from '@parley/schema';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { PromptSummary } from './prompt-summary';
import { BackToList } from './back-to-list';

/** A group shared with the user by someone else: readable, not editable. */
export function PromptReadOnly({ group }: { group: PromptGroup }) {
  const { t } = useTranslation();

  return (
    <div className="min-h-0 flex-1 overflow-y-auto" data-testid="prompt-read-only">
      <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-8">
        <div className="flex items-center justify-between gap-2">
          <BackToList />
          <span className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-2.5 py-1 text-xs font-medium text-fg-muted">
            <Eye className="size-3.5" aria-hidden />
            {t('prompts.read_only')}
          </span>
        </div>
        <PromptSummary group={group} />
      </div>
    </div>
  );
}
