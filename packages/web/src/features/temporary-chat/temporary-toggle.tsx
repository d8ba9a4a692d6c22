import type { Conversation } from '@parley/schema';
import { clsx } from 'clsx';
import { MessageSquareDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { useHasPermission } from '../auth';
import { useTemporaryChat } from './temporary-store';

/**
 * The temporary-chat switch of the chat view (TEMPORARY_CHAT.USE). On a new chat it decides
 * whether the chat is kept; on an existing one it only shows that the chat is temporary.
 */
export function TemporaryToggle({
  conversationId,
  conversation,
}: {
  conversationId: string;
  conversation: Conversation | undefined;
}) {
  const { t } = useTranslation();
  const allowed = useHasPermission('TEMPORARY_CHAT', 'USE');
  const { data: config } = useStartupConfig();
  const chosen = useTemporaryChat((s) => s.isTemporary);
  const setTemporary = useTemporaryChat((s) => s.setTemporary);
  const isNew = conversationId === 'new';
  const on = isNew ? chosen : Boolean(conversation?.expiredAt);
  if (!allowed || config?.interface.temporaryChat === false) return null;
  if (!isNew && !on) return null;

  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      disabled={!isNew}
      onClick={() => setTemporary(!chosen)}
      title={t(on ? 'com_ui_temporary_chat_on' : 'com_ui_temporary_chat_off')}
      data-testid="temporary-toggle"
      className={clsx(
        'flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
        on ? 'bg-accent/10 text-accent' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <MessageSquareDashed className="size-4.5" aria-hidden />
      <span className="hidden sm:inline">{t('com_ui_temporary_chat')}</span>
    </button>
  );
}
