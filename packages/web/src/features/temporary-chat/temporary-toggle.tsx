import type { Conversation } from '@parley/schema';
import { clsx } from 'clsx';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { useHasPermission } from '../auth';
import { useTemporaryChat } from './temporary-store';

/**
 * Whether this chat is temporary, and whether the switch is offered at all (TEMPORARY_CHAT.USE and
 * the interface flag). On a new chat the user's choice decides; an existing chat is temporary when
 * it has an expiry date.
 */
export function useTemporaryState(conversationId: string, conversation: Conversation | undefined) {
  const allowed = useHasPermission('TEMPORARY_CHAT', 'USE');
  const { data: config } = useStartupConfig();
  const chosen = useTemporaryChat((s) => s.isTemporary);
  const isNew = conversationId === 'new';
  const on = isNew ? chosen : Boolean(conversation?.expiredAt);
  const offered = allowed && config?.interface.temporaryChat !== false;
  return { offered, on, isNew };
}

/**
 * The temporary-chat switch of the chat view. On a new chat it decides whether the chat is kept;
 * on an existing one it only shows that the chat is temporary. The hourglass says the chat lasts
 * only for the retention period. `labelled` writes its name beside the icon on every screen size
 * (the phone's "more" menu); otherwise the name shows from the small breakpoint up.
 */
export function TemporaryToggle({
  conversationId,
  conversation,
  labelled = false,
}: {
  conversationId: string;
  conversation: Conversation | undefined;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const { offered, on, isNew } = useTemporaryState(conversationId, conversation);
  const setTemporary = useTemporaryChat((s) => s.setTemporary);
  if (!offered) return null;
  if (!isNew && !on) return null;

  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      disabled={!isNew}
      onClick={() => setTemporary(!on)}
      aria-label={t('com_ui_temporary_chat')}
      aria-description={t(on ? 'com_ui_temporary_chat_on' : 'com_ui_temporary_chat_off')}
      data-testid="temporary-toggle"
      className={clsx(
        'flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
        on ? 'bg-accent/10 text-accent' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <Hourglass className="size-4.5" aria-hidden />
      <span className={labelled ? undefined : 'hidden sm:inline'}>{t('com_ui_temporary_chat')}</span>
    </button>
  );
}
