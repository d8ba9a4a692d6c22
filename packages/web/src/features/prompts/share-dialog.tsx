import type { PromptGroup } from '@parley/schema';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SwitchRow } from '../../components/ui/switch';
import { showToast } from '../toasts';
import { useUpdateGroup } from './use-prompt-mutations';
import { isSharedToAll, useInstanceProjectId } from './use-shared-to-all';

/**
 * Share to all users: adds the instance project id to projectIds, or removes it. Sharing
 * a group that already is shows the "already shared" info toast.
 */
export function ShareButton({ group }: { group: PromptGroup }) {
  const { t } = useTranslation();
  const instanceProjectId = useInstanceProjectId();
  const shared = isSharedToAll(group, instanceProjectId);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(shared);
  const update = useUpdateGroup(group._id);

  const save = () => {
    if (!instanceProjectId) return;
    if (wanted && shared) {
      showToast(t('prompts.already_shared_to_all'), 'info');
      setOpen(false);
      return;
    }
    if (wanted === shared) {
      setOpen(false);
      return;
    }
    const body = wanted ? { projectIds: [instanceProjectId] } : { removeProjectIds: [instanceProjectId] };
    update.mutate(body, {
      onSuccess: () => {
        showToast(t(wanted ? 'prompts.shared_success' : 'prompts.unshared_success'));
        setOpen(false);
      },
    });
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setWanted(shared);
          setOpen(true);
        }}
        aria-label={t('prompts.share')}
        data-testid="share-prompt"
      >
        <Share2 className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('prompts.share')}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('prompts.share_title', { name: group.name })}
        description={t('prompts.share_description')}
        closeLabel={t('com_ui_close')}
        testId="share-dialog"
      >
        <div className="px-6">
          <SwitchRow
            label={t('prompts.share_to_all')}
            checked={wanted}
            onCheckedChange={setWanted}
            testId="share-to-all-switch"
          />
        </div>
        <div className="flex justify-end gap-2 px-6 pt-2 pb-5">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t('com_ui_cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending} data-testid="share-save">
            {t('prompts.save')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
