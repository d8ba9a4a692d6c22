import { BookOpen } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AreaError } from '../../components/ui/area-error';
import { buttonClasses } from '../../components/ui/button';
import { lazyArea } from '../../components/ui/lazy-area';
import type { SidePanelSection } from '../side-panel';
import { usePromptsEnabled } from './use-prompt-access';

// The list's code loads when the section first opens, not with every chat page.
const PanelBody = lazyArea<{ onSubmit: (text: string) => void }>(
  () => import('./prompts-panel-body'),
  (retry) => <AreaError onRetry={retry} />,
).Area;

/**
 * The chat-side prompt list as a section of the side panel: prompt cards, hidden without
 * PROMPTS.USE. `onSubmit` sends a text into the chat.
 */
export function usePromptsSection(onSubmit: (text: string) => void): SidePanelSection | null {
  const { t } = useTranslation();
  const enabled = usePromptsEnabled();
  if (!enabled) return null;
  return {
    id: 'prompts',
    label: t('prompts.title'),
    icon: BookOpen,
    actions: (
      <Link
        to="/d/prompts"
        className={buttonClasses('ghost', 'sm', 'h-7 px-2 text-xs')}
        data-testid="panel-manage"
      >
        {t('prompts.manage')}
      </Link>
    ),
    content: (
      <Suspense fallback={null}>
        <PanelBody onSubmit={onSubmit} />
      </Suspense>
    ),
  };
}
