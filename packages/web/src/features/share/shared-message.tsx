import clsx from 'clsx';
import { memo } from 'react';
import { LogoMark } from '../../components/ui/logo';
import { MessageBody } from '../messages';
import type { VisibleMessage } from '../messages';
import { SiblingNav } from '../messages';

/** One message of a shared conversation: the chat's rendering, without any action but branch switching. */
export const SharedMessage = memo(function SharedMessage({
  item,
  onSibling,
}: {
  item: VisibleMessage;
  onSibling: (parentKey: string, index: number, count: number) => void;
}) {
  const { message } = item;
  const user = message.isCreatedByUser;
  return (
    <div
      className={clsx('flex w-full gap-3 py-3', user && 'justify-end')}
      data-testid={user ? 'message-user' : 'message-assistant'}
      data-message-id={message.messageId}
    >
      {!user && (
        // On phones the answer takes the full width: no avatar gutter beside it.
        <div className="mt-0.5 hidden size-7 shrink-0 items-center justify-center rounded-full border border-border bg-surface sm:flex">
          <LogoMark className="size-4.5" />
        </div>
      )}
      <div className={clsx('min-w-0', user ? 'flex max-w-[85%] flex-col items-end' : 'flex-1')}>
        {!user && (
          <div className="mb-1 text-[13px] font-semibold text-fg">{message.sender || message.model}</div>
        )}
        <div
          className={clsx(
            'message-content',
            user && 'rounded-2xl rounded-ee-md bg-surface-muted px-4 py-2.5 dark:bg-surface-raised',
          )}
        >
          <MessageBody message={message} streaming={false} />
        </div>
        {item.siblingCount > 1 && (
          <div className={clsx('mt-1 flex', user ? 'justify-end' : '-ms-1.5')}>
            <SiblingNav
              index={item.siblingIndex}
              count={item.siblingCount}
              onChange={(index) => onSibling(item.parentKey, index, item.siblingCount)}
            />
          </div>
        )}
      </div>
    </div>
  );
});
