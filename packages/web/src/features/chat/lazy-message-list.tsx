import { clsx } from 'clsx';
import { Suspense } from 'react';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import { useTranslation } from 'react-i18next';
import type { MessageListProps } from '../messages';

// The message tree's code is not needed on the landing page: it loads with the first message. If
// it cannot arrive (offline on a first send), only the list area says so; the composer stays.
const list = lazyArea<MessageListProps>(
  () => import('../messages/message-list').then((m) => ({ default: m.MessageList })),
  (retry) => <AreaError onRetry={retry} />,
);

export const preloadMessageList = list.preload;

/** How many of the newest messages show as plain text while the list's code is on its way. */
const PENDING_SHOWN = 4;

/**
 * The newest messages as plain text, in the list's place and layout, while its code loads (the
 * first send after a page load): the message just sent stays on screen instead of a blank area.
 */
function PendingMessages({ path }: Pick<MessageListProps, 'path'>) {
  const { t } = useTranslation();
  return (
    <div className="min-h-0 flex-1 overflow-hidden" data-testid="messages-pending">
      <div className="mx-auto w-full max-w-3xl px-4">
        {path.slice(-PENDING_SHOWN).map(({ message }) => (
          <div
            key={message.messageId}
            className={clsx('flex w-full py-3', message.isCreatedByUser && 'justify-end')}
            data-pending-user={message.isCreatedByUser || undefined}
          >
            <div
              className={clsx(
                'min-w-0 whitespace-pre-wrap',
                message.isCreatedByUser &&
                  'max-w-[85%] rounded-2xl rounded-ee-md bg-surface-muted px-4 py-2.5 dark:bg-surface-raised',
              )}
            >
              {message.text}
              {/* The answer on its way: typing, as the list itself would show it. */}
              {/* The list's StreamingPlaceholder, drawn here without its code (it comes with the list). */}
              {!message.isCreatedByUser && !message.text && (
                <span
                  role="status"
                  aria-label={t('com_ui_generating')}
                  className="inline-block size-2.5 animate-pulse rounded-full bg-fg-muted align-middle"
                  data-testid="typing"
                />
              )}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function LazyMessageList(props: MessageListProps) {
  return (
    <Suspense fallback={<PendingMessages path={props.path} />}>
      <list.Area {...props} />
    </Suspense>
  );
}
