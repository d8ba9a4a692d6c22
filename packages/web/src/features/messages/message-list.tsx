import type { EndpointsConfig } from '@parley/schema';
import { clsx } from 'clsx';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../store/settings-store';
import { useIsSubmitting } from '../chat-run';
import { ScrollToBottomButton } from '../scroll';
import { useFollowScroll } from '../scroll';
import { MessageItem } from './message-item';
import { AnswerPairView } from './answer-pair-view';
import { useBranches } from './branch-store';
import { useEditRequest } from './edit-request';
import type { VisibleMessage } from './message-tree';
import type { useMessageActions } from './use-message-actions';
import { useMessageVirtualizer } from './use-message-virtualizer';

/** How long a search hit stays highlighted after its conversation opened on it. */
const HIT_HIGHLIGHT_MS = 4_000;

export interface MessageListProps {
  conversationId: string;
  path: VisibleMessage[];
  endpoints: EndpointsConfig | undefined;
  actions: ReturnType<typeof useMessageActions>;
  /** Bumped when the user sends, to jump to the bottom and follow again. */
  sendCount: number;
}

/**
 * The visible branch of the conversation tree, virtualised (rows measured as they render), with
 * scroll-follow while submitting and the scroll-to-bottom button.
 */
export function MessageList({ conversationId, path, endpoints, actions, sendCount }: MessageListProps) {
  const { t } = useTranslation();
  const submitting = useIsSubmitting(conversationId);
  const fontSize = useSettings((s) => s.fontSize);
  const wide = useSettings((s) => s.maximizeChatSpace);
  const showButton = useSettings((s) => s.showScrollButton);
  const autoScroll = useSettings((s) => s.autoScroll);
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  const choose = useBranches((s) => s.choose);
  const clearFocus = useBranches((s) => s.clearFocus);
  const focusId = useBranches((s) => (s.focus?.conversationId === conversationId ? s.focus.messageId : null));
  const virtualizer = useMessageVirtualizer(path, scrollRef);
  const { away, scrollToBottom, leaveEnd } = useFollowScroll(scrollRef, contentRef, submitting);

  const onSibling = useCallback(
    (parentKey: string, index: number, count: number) => choose(conversationId, parentKey, index, count),
    [choose, conversationId],
  );

  // On open: the newest message when auto-scroll is on (General tab), else the top.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || path.length === 0) return;
    opened.current = true;
    if (autoScroll && !focusId) {
      virtualizer.scrollToIndex(path.length - 1, { align: 'end' });
      requestAnimationFrame(() => scrollToBottom());
    }
  }, [path.length, autoScroll, focusId, virtualizer, scrollToBottom]);

  // A search hit opened this conversation on its branch: bring the hit's message into view and
  // highlight it for a moment, so the eye finds it among the others.
  const [highlightId, setHighlightId] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!focusId || path.length === 0) return;
    const index = path.findIndex(
      (p) => p.message.messageId === focusId || p.pairedWith?.message.messageId === focusId,
    );
    if (index >= 0) {
      leaveEnd();
      virtualizer.scrollToIndex(index, { align: 'center' });
      setHighlightId(focusId);
    }
    clearFocus();
  }, [focusId, path, virtualizer, clearFocus, leaveEnd]);
  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(null), HIT_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  useEffect(() => {
    if (sendCount > 0) requestAnimationFrame(() => scrollToBottom());
  }, [sendCount, scrollToBottom]);

  // A message asked for editing from the keyboard: its row must be rendered to open its editor,
  // and the view stays there instead of following the end.
  const editId = useEditRequest((s) => s.messageId);
  useLayoutEffect(() => {
    if (!editId) return;
    const index = path.findIndex((p) => p.message.messageId === editId);
    if (index < 0) return;
    leaveEnd();
    virtualizer.scrollToIndex(index, { align: 'start' });
  }, [editId, path, virtualizer, leaveEnd]);

  if (path.length === 0) {
    return <p className="m-auto text-sm text-fg-muted">{t('com_ui_nothing_found')}</p>;
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
        data-testid="message-scroller"
      >
        <div
          ref={contentRef}
          className={clsx('relative mx-auto w-full', wide ? 'max-w-none' : 'max-w-3xl', fontSize)}
          style={{ height: virtualizer.getTotalSize() + 24 }}
        >
          <div
            className={clsx('absolute inset-x-0 top-0 px-4', wide && 'md:px-8')}
            style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
          >
            {items.map((row) => {
              const item = path[row.index]!;
              const props = {
                item,
                isLatest: row.index === path.length - 1,
                submitting,
                endpoints,
                actions,
                onSibling,
                onEditStart: leaveEnd,
              };
              const highlighted =
                highlightId !== null &&
                (item.message.messageId === highlightId ||
                  item.pairedWith?.message.messageId === highlightId);
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  data-search-hit={highlighted || undefined}
                  // A ring and a tint, no padding: the row's measured height must not change.
                  className={clsx(
                    'rounded-2xl transition-[background-color,box-shadow] duration-700',
                    highlighted &&
                      'bg-amber-100/60 ring-2 ring-amber-300 dark:bg-amber-400/10 dark:ring-amber-400/40',
                  )}
                >
                  {item.pairedWith ? (
                    <AnswerPairView {...props} first={item.pairedWith} />
                  ) : (
                    <MessageItem {...props} />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {/* Scrolled up, the button gets a strip of its own under the list rather than lying over
          the text; following the end, there is neither strip nor button. */}
      {showButton && away && <ScrollToBottomButton onClick={() => scrollToBottom('smooth')} />}
    </div>
  );
}
