import type { PromptGroup } from '@parley/schema';
import { Ellipsis, Eye, Pencil } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../store/auth-store';
import { CategoryIcon } from './category-meta';

const ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

/**
 * A prompt card of the chat-side list: a click runs it; the menu offers Preview and, for
 * the author only, Edit.
 */
export function PromptCard({
  group,
  onRun,
  onPreview,
}: {
  group: PromptGroup;
  onRun: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthor = useAuth((s) => s.user?.id === group.author);
  const summary = group.oneliner || group.productionPrompt?.prompt || '';
  return (
    <li className="group relative" data-testid="prompt-card">
      <button
        type="button"
        onClick={onRun}
        className="flex w-full gap-2.5 rounded-xl border border-border bg-surface px-3 py-2.5 pe-9 text-start shadow-xs transition-colors hover:border-border-strong hover:bg-surface-muted dark:bg-surface-muted dark:hover:bg-surface-raised"
      >
        <CategoryIcon category={group.category} className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{group.name}</span>
          <span className="mt-0.5 line-clamp-2 text-xs text-fg-muted">{summary}</span>
        </span>
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t('prompts.card_menu', { name: group.name })}
          data-testid="prompt-card-menu"
          className="absolute end-1.5 top-1.5 rounded-md p-1 text-fg-subtle outline-none hover:bg-surface-sunken hover:text-fg focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-surface"
        >
          <Ellipsis className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="animate-fade-in z-50 min-w-40 rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
          >
            <DropdownMenu.Item className={ITEM} onSelect={onPreview}>
              <Eye className="size-4 text-fg-muted" aria-hidden />
              {t('prompts.preview')}
            </DropdownMenu.Item>
            {isAuthor && (
              <DropdownMenu.Item className={ITEM} onSelect={() => void navigate(`/d/prompts/${group._id}`)}>
                <Pencil className="size-4 text-fg-muted" aria-hidden />
                {t('prompts.edit')}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </li>
  );
}
