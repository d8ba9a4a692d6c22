import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConversation } from '../../api/chat-api';
import { useMediaQuery } from '../../lib/use-media-query';
import { LogoutButton } from '../top-bar';
import { ChatHeaderActions } from '../conversation-actions';
import { MOBILE_HEADER_MEDIA, MOBILE_MEDIA } from '../../lib/breakpoints';
import { MobileHeader } from '../shell';
import { useTemporaryState } from '../temporary-chat';

/** Which model controls to draw: the model selector, the other tools, or both in a row. */
export type ChatControlsPart = 'model' | 'tools' | 'all';

/**
 * The chat view's header: the model controls on the start side, the conversation title and the
 * Log out button (hidden while loading and on small screens). On a phone it is the phone header
 * itself: the model selector and the title in the middle, every other tool behind its ⋯ menu.
 */
export function ChatHeader({
  title,
  loading,
  children,
  end,
}: {
  title: string | null;
  loading: boolean;
  /** Draws the model controls, whole or in the phone header's two parts. */
  children: (part: ChatControlsPart) => ReactNode;
  /** Buttons at the end side, before the conversation actions (e.g. the phone's side-panel button). */
  end?: ReactNode;
}) {
  const small = useMediaQuery(MOBILE_MEDIA);
  const phone = useMediaQuery(MOBILE_HEADER_MEDIA);
  if (phone) {
    return (
      <MobileHeader
        controls={children('model')}
        badge={<TemporaryBadge />}
        more={
          <>
            {children('tools')}
            {end}
            <ChatHeaderActions className="contents" />
          </>
        }
      />
    );
  }
  return (
    <div className="@container flex h-14 shrink-0 items-center gap-1 px-2 sm:px-3" data-testid="chat-header">
      <div className="flex min-w-0 items-center gap-0.5">{children('all')}</div>
      <h1
        className="min-w-0 flex-1 truncate px-2 text-center text-sm text-fg-muted"
        data-testid="conversation-title"
      >
        {!small && title ? title : ''}
      </h1>
      {end}
      <ChatHeaderActions />
      {!loading && !small && <LogoutButton />}
    </div>
  );
}

/**
 * "Temporary chat" in words beside the phone header's title: on a phone the switch itself sits
 * behind the ⋯ menu, and an icon's colour alone would not say that this chat will not be kept.
 */
function TemporaryBadge() {
  const { t } = useTranslation();
  const { conversationId = 'new' } = useParams();
  const { data: conversation } = useConversation(conversationId);
  const { offered, on } = useTemporaryState(conversationId, conversation);
  if (!offered || !on) return null;
  return (
    <span
      className="shrink-0 rounded bg-accent/10 px-1.5 font-medium text-accent"
      data-testid="temporary-badge"
    >
      {t('com_ui_temporary_chat')}
    </span>
  );
}
