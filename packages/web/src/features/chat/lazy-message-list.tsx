import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import type { MessageListProps } from '../messages';

const load = () => import('../messages/message-list');
const List = lazy(() => load().then((m) => ({ default: m.MessageList })));

/** The message tree's code is not needed on the landing page: it loads with the first message. */
export function preloadMessageList(): void {
  void load();
}

export function LazyMessageList(props: MessageListProps) {
  return (
    <Suspense
      fallback={
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-6 text-fg-muted" />
        </div>
      }
    >
      <List {...props} />
    </Suspense>
  );
}
