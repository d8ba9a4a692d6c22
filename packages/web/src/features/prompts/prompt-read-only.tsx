import type { PromptGroup } from '@parley/schema';
import { ArrowLeft, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useMediaQuery } from '../../lib/use-media-query';
import { PromptSummary } from './prompt-summary';
import { LIST_COLLAPSE_MEDIA } from './prompts-breakpoints';

/** A group shared with the user by someone else: readable, not editable (001 §6). */
export function PromptReadOnly({ group }: { group: PromptGroup }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_COLLAPSE_MEDIA);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" data-testid="prompt-read-only">
      <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-8">
        <div className="flex items-center gap-2">
          {narrow && (
            <Link
              to="/d/prompts"
              className={buttonClasses('ghost', 'icon')}
              aria-label={t('prompts.back_to_list')}
            >
              <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
            </Link>
          )}
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
