import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHeldForOtherTab } from '../chat-run';

/**
 * Above the message box while the user's message waits because another tab of this browser is
 * answering this conversation (the server takes one message at a time per conversation). It goes
 * by itself when that answer ends; the message is still in the box, to send then.
 */
export function AnsweringElsewhereNote({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const held = useHeldForOtherTab(conversationId);
  if (!held) return null;
  return (
    <div
      className="mx-auto mb-2 flex w-full max-w-3xl items-start gap-2 rounded-xl border border-border bg-surface-muted px-3 py-2 text-sm text-fg"
      data-testid="answering-elsewhere"
      role="status"
    >
      <MonitorSmartphone className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden />
      <span>{t('com_ui_answering_elsewhere_queued')}</span>
    </div>
  );
}
