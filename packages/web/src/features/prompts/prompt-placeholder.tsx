import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** /d/prompts (index): the detail pane's placeholder. */
export default function PromptPlaceholder() {
  const { t } = useTranslation();
  return (
    <div
      className="m-auto flex flex-col items-center gap-4 px-6 text-center"
      data-testid="prompt-placeholder"
    >
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <MessageSquareText className="size-7" aria-hidden />
      </div>
      <p className="text-lg font-medium text-fg-muted">{t('prompts.select_or_create')}</p>
    </div>
  );
}
