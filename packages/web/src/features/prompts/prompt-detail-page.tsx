import { ArrowLeft, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PromptEditor } from './prompt-editor';
import { PromptReadOnly } from './prompt-read-only';
import { useCanEditGroup } from './use-prompt-access';
import { useGroup } from './use-prompt-queries';

/**
 * /d/prompts/{groupId}: the editor for the author and admins, a read-only view for
 * others it is shared with, and the "not shared" message for everyone else.
 */
export default function PromptDetailPage() {
  const { groupId = '' } = useParams();
  const { data: group, isPending, isError } = useGroup(groupId);
  const canEdit = useCanEditGroup(group?.author);

  if (isPending && !isError) return <DetailSkeleton />;
  if (isError || !group) return <NotShared />;
  return canEdit ? <PromptEditor key={group._id} group={group} /> : <PromptReadOnly group={group} />;
}

function NotShared() {
  const { t } = useTranslation();
  return (
    <div
      className="m-auto flex max-w-sm flex-col items-center gap-4 px-6 text-center"
      data-testid="prompt-not-shared"
    >
      <div className="flex size-12 items-center justify-center rounded-2xl bg-surface-muted text-fg-muted">
        <Lock className="size-6" aria-hidden />
      </div>
      <p className="text-[15px] text-fg-muted">{t('prompts.preview_not_shared')}</p>
      <Link to="/d/prompts" className={buttonClasses('outline')} data-testid="back-to-prompts">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('prompts.back_to_prompts')}
      </Link>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-8"
      aria-hidden
      data-testid="prompt-loading"
    >
      <div className="h-7 w-1/3 animate-pulse rounded-lg bg-surface-muted" />
      <div className="h-48 animate-pulse rounded-xl bg-surface-muted" />
      <div className="h-10 animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}
