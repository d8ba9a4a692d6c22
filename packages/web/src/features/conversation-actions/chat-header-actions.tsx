import { Download } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BookmarkMenu } from '../bookmarks';
import { useConversation } from '../../api/chat-api';
import { TemporaryToggle } from '../temporary-chat';
import { MENU_CONTENT, MENU_ITEM } from '../../components/ui/menu-styles';
import { EXPORT_OPTIONS, useExport } from './row-menu';

/**
 * The chat header's conversation tools: temporary chat, bookmarks and export. `className` replaces
 * the row's layout (the phone's ⋯ menu lists them in its own column).
 */
export function ChatHeaderActions({
  className = 'flex shrink-0 items-center gap-0.5',
}: {
  className?: string;
}) {
  const { t } = useTranslation();
  const { conversationId = 'new' } = useParams();
  const { data: conversation } = useConversation(conversationId);
  const download = useExport();
  const saved = conversationId !== 'new' && conversation && conversation.conversationId === conversationId;

  return (
    <div className={className}>
      <TemporaryToggle conversationId={conversationId} conversation={conversation} />
      {saved && <BookmarkMenu conversation={conversation} />}
      {saved && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label={t('com_ui_export')}
            data-testid="export-menu"
            className="flex size-9 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Download className="size-4.5" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} className={MENU_CONTENT}>
              <DropdownMenu.Label className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-fg-subtle">
                {t('com_ui_export')}
              </DropdownMenu.Label>
              {EXPORT_OPTIONS.map((o) => (
                <DropdownMenu.Item
                  key={o.format}
                  className={MENU_ITEM}
                  onSelect={() => void download(conversation, o.format)}
                  data-testid={`export-${o.format}`}
                >
                  {t(o.label)}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </div>
  );
}
