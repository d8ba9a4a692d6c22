import { PROMPT_FILTERS } from '@parley/schema';
import { clsx } from 'clsx';
import {
  Code,
  Drama,
  GraduationCap,
  Lightbulb,
  MessageSquareText,
  PenLine,
  Plane,
  Shapes,
  ShoppingBag,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCategories } from './use-prompt-queries';

const ICONS: Record<string, LucideIcon> = {
  idea: Lightbulb,
  travel: Plane,
  teach_or_explain: GraduationCap,
  write: PenLine,
  shop: ShoppingBag,
  code: Code,
  misc: Shapes,
  roleplay: Drama,
  finance: Wallet,
};

/** Each built-in category has its own colour so a list can be scanned by kind. */
const TINTS: Record<string, string> = {
  idea: 'text-amber-500',
  travel: 'text-sky-500',
  teach_or_explain: 'text-violet-500',
  write: 'text-rose-500',
  shop: 'text-pink-500',
  code: 'text-emerald-500',
  misc: 'text-slate-500',
  roleplay: 'text-orange-500',
  finance: 'text-lime-600',
};

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = ICONS[category] ?? MessageSquareText;
  return <Icon className={clsx(className ?? 'size-4', TINTS[category] ?? 'text-fg-subtle')} aria-hidden />;
}

/** A category's label: the built-in ones are translated, custom ones shown as written. */
export function useCategoryLabel(): (category: string) => string {
  const { t } = useTranslation();
  return (category) =>
    category === ''
      ? t('prompts.no_category')
      : t(`prompts.category.${category}`, { defaultValue: category });
}

/** The category choices of the forms: none, then the server's list. */
export function useCategoryOptions(): { value: string; label: string }[] {
  const { data } = useCategories();
  const label = useCategoryLabel();
  return [
    { value: '', label: label('') },
    ...(data ?? []).map((c) => ({ value: c.value, label: label(c.value) })),
  ];
}

/** The library's filter choices: all, my prompts, shared prompts, no category, categories. */
export function useFilterOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const { data } = useCategories();
  const label = useCategoryLabel();
  return [
    { value: PROMPT_FILTERS.ALL, label: t('prompts.filter_all') },
    { value: PROMPT_FILTERS.MY_PROMPTS, label: t('prompts.filter_mine') },
    { value: PROMPT_FILTERS.SHARED_PROMPTS, label: t('prompts.filter_shared') },
    { value: PROMPT_FILTERS.NO_CATEGORY, label: t('prompts.no_category') },
    ...(data ?? []).map((c) => ({ value: c.value, label: label(c.value) })),
  ];
}
