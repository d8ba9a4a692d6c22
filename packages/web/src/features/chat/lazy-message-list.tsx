import { Suspense } from 'react';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import { Spinner } from '../../components/ui/spinner';
import type { MessageListProps } from '../messages';

// The message tree's code is not needed on the landing page: it loads with the first message. If
// it cannot arrive (offline on a first send), only the list area says so; the composer stays.
const list = lazyArea<MessageListProps>(
  () => import('../messages/message-list').then((m) => ({ default: m.MessageList })),
  (retry) => <AreaError onRetry={retry} />,
);

export const preloadMessageList = list.preload;

export function LazyMessageList(props: MessageListProps) {
  return (
    <Suspense
      fallback={
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-6 text-fg-muted" />
        </div>
      }
    >
      <list.Area {...props} />
    </Suspense>
  );
}
