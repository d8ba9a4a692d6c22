import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useLogout } from '../auth';
import { useAnsweringTabs, useLive } from '../chat-run';
import { hasUnsentDrafts } from '../input';

/**
 * What logging out now would cut off: an answer being written (here or in another tab), text
 * typed in another conversation's box (another tab's, most likely).
 */
function logoutRisks(shown: string | undefined): { answering: boolean; unsent: boolean } {
  const answering =
    Object.keys(useLive.getState().generations).length > 0 ||
    useAnsweringTabs.getState().elsewhere.length > 0;
  let unsent = false;
  try {
    unsent = hasUnsentDrafts(window.localStorage, shown);
  } catch {
    // Storage blocked: no drafts were saved either.
  }
  return { answering, unsent };
}

/**
 * The chat header's "Log out" (the spec's Quit, labelled so it cannot be taken for closing a
 * panel): it signs out every tab of this browser, so it asks first when an answer is being
 * written or some tab holds text not sent yet; otherwise it logs out at once.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const { conversationId } = useParams();
  const [risks, setRisks] = useState<{ answering: boolean; unsent: boolean } | null>(null);
  const onClick = () => {
    const found = logoutRisks(conversationId);
    if (found.answering || found.unsent) setRisks(found);
    else void logout();
  };
  const reasons = risks
    ? [
        risks.answering ? t('com_ui_log_out_confirm_answering') : '',
        risks.unsent ? t('com_ui_log_out_confirm_unsent') : '',
      ].filter(Boolean)
    : [];
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onClick} title={t('com_ui_log_out_hint')} data-testid="quit">
        <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('com_ui_quit')}
      </Button>
      <ConfirmDialog
        open={risks !== null}
        onOpenChange={(open) => !open && setRisks(null)}
        title={t('com_ui_log_out_confirm_title')}
        description={reasons.join(' ')}
        confirmLabel={t('com_ui_quit')}
        onConfirm={() => {
          setRisks(null);
          void logout();
        }}
        testId="logout-confirm"
      />
    </>
  );
}
