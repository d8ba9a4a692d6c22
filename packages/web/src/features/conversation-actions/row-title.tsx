import type { Conversation } from '@parley/schema';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RENAME_MAX_LENGTH } from './rename-rules';
import { useRowState } from './row-state';
import { useConversationActions } from './use-conversation-actions';

/**
 * The row's title: the link, or the inline rename input. Double-click renames on
 * desktop; Enter or blur saves, Escape or the cancel button cancels.
 */
export function RowTitle({
  conversation,
  link,
  mobile,
}: {
  conversation: Conversation;
  link: ReactNode;
  mobile: boolean;
}) {
  const renaming = useRowState((s) => s.renamingId === conversation.conversationId);
  const startRename = useRowState((s) => s.startRename);
  if (renaming) return <RenameInput conversation={conversation} />;
  return (
    <div
      className="flex h-full min-w-0 flex-1"
      onDoubleClick={mobile ? undefined : () => startRename(conversation.conversationId)}
    >
      {link}
    </div>
  );
}

/** How long after opening a lost focus is taken back instead of saving. */
const REFOCUS_WINDOW_MS = 1000;

function RenameInput({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const stopRename = useRowState((s) => s.stopRename);
  const { rename } = useConversationActions();
  const [value, setValue] = useState(conversation.title);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const mountedAt = useRef(performance.now());

  useEffect(() => {
    // Focused with its text selected; after the menu closes, so focus is not taken back.
    const timer = window.setTimeout(() => {
      input.current?.focus();
      input.current?.select();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    stopRename();
    if (save) void rename(conversation, value);
  };

  return (
    <div className="flex h-full min-w-0 flex-1 items-center gap-1 ps-1">
      <input
        ref={input}
        value={value}
        maxLength={RENAME_MAX_LENGTH}
        aria-label={t('com_ui_rename_conversation')}
        data-testid="rename-input"
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => {
          // Right after the input opens, focus is taken programmatically — the closing row menu
          // returns it to its trigger; a double-click's first click opened the chat, whose message
          // box focuses itself. That is not the user leaving the field: take the focus back.
          if (performance.now() - mountedAt.current < REFOCUS_WINDOW_MS) {
            window.setTimeout(() => input.current?.focus(), 0);
            return;
          }
          finish(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            finish(false);
          }
        }}
        className="h-7 min-w-0 flex-1 rounded-md border border-accent bg-surface px-1.5 text-sm text-fg outline-none focus:ring-2 focus:ring-accent/25"
      />
      <button
        type="button"
        // Keeps the input's blur from saving before the click cancels.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => finish(false)}
        aria-label={t('com_ui_cancel')}
        data-testid="rename-cancel"
        className="me-1 flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle hover:bg-surface hover:text-fg"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
