import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useLogout } from '../auth';
import { showToast } from '../toasts';
import { useAcceptTerms } from './terms-query';

/** Content may be one string or a list of paragraphs; blank lines also separate paragraphs. */
export function termsParagraphs(content: string | string[] | undefined): string[] {
  const parts = Array.isArray(content) ? content : (content ?? '').split(/\n\s*\n/);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/**
 * Terms of service that must be accepted: no Escape, no outside click. Accept posts and
 * closes; Decline logs out to /login?redirect=false. Content is rendered as plain text paragraphs.
 */
export default function TermsModal({ title, content }: { title?: string; content?: string | string[] }) {
  const { t } = useTranslation();
  const accept = useAcceptTerms();
  const logout = useLogout();
  const paragraphs = termsParagraphs(content);

  return (
    <Dialog
      open
      locked
      title={title || t('com_app_terms_of_service')}
      className="max-w-2xl"
      testId="terms-modal"
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-3 text-sm leading-6 text-fg-muted">
        {paragraphs.length === 0 ? (
          <p>{t('com_ui_no_terms_content')}</p>
        ) : (
          paragraphs.map((p, i) => (
            <p key={i} className="mb-3 whitespace-pre-line last:mb-0">
              {p}
            </p>
          ))
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-border px-6 py-4">
        <Button variant="secondary" onClick={() => void logout('/login?redirect=false')}>
          {t('com_ui_decline')}
        </Button>
        <Button
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, { onError: () => showToast(t('com_ui_terms_accept_error'), 'error') })
          }
        >
          {t('com_ui_accept')}
        </Button>
      </div>
    </Dialog>
  );
}
