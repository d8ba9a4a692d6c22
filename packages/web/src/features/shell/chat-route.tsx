import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStartupConfig } from '../../app/startup-queries';
import { LogoMark } from '../../components/ui/logo';
import { useAuth } from '../../store/auth-store';
import { useShell } from '../../store/shell-store';
import { ChatTopBar } from './chat-top-bar';
import { fillWelcome, greetingKey } from './greeting';

/**
 * /c/:conversationId — the chat view's frame: top bar, message area and the input slot. The chat
 * feature renders the message tree into the message area and the composer into the input slot;
 * until a conversation has messages the landing greeting shows.
 */
export default function ChatRoute() {
  const { t } = useTranslation();
  const { conversationId = 'new' } = useParams();
  const setTitle = useShell((s) => s.setConversationTitle);

  useEffect(() => {
    if (conversationId === 'new') setTitle(null);
  }, [conversationId, setTitle]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-conversation-id={conversationId}>
      <ChatTopBar loading={false} />
      <section
        data-slot="messages"
        aria-label={t('com_ui_messages')}
        className="flex min-h-0 flex-1 flex-col overflow-y-auto"
      >
        <Landing />
      </section>
      <div data-slot="chat-input" className="shrink-0" />
    </div>
  );
}

function Landing() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const { data: config } = useStartupConfig();
  const name = user?.name?.split(' ')[0] ?? '';
  const greeting = useMemo(() => {
    const custom = config?.interface.customWelcome;
    if (custom) return fillWelcome(custom, user?.name ?? '');
    const key = greetingKey(new Date());
    return name ? t(`${key}_name`, { name }) : t(key);
  }, [config?.interface.customWelcome, user?.name, name, t]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 px-6 pb-24 text-center">
      <LogoMark className="size-12" />
      <h2
        className="max-w-xl text-2xl font-semibold tracking-tight text-fg sm:text-3xl"
        data-testid="greeting"
      >
        {greeting}
      </h2>
    </div>
  );
}
