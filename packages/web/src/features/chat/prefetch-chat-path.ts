import { preloadIconTooltips } from '../../components/ui/icon-tooltips-on-demand';
import { preloadMenu } from '../../components/ui/deferred-menu';
import { preloadPopover } from '../../components/ui/popover';
import { preloadAgentMenuItems } from '../agents';
import { preloadMarkdown } from '../messages';
import { preloadMessageList } from './lazy-message-list';

/** Marks the prefetch's start (bench/support/page-weight.ts leaves what follows out of the first load). */
const PREFETCH_MARK = 'parley:chat-prefetch';

/** How long the prefetch waits for an idle moment before it starts anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Everything the first send and the first look around the chat need beyond the first paint: the
 * message list, markdown, the tooltip layer, menus (the model picker's among them, with its agents
 * section) and popovers. Fetched once the page is idle, so a person who goes offline right after
 * the page appeared can still send, and the first load stays light (these come after the composer
 * is usable). Each loader keeps what it got and forgets a failure; a failure here is left to the
 * area itself to show if it is ever needed.
 */
function prefetchChatPath(): void {
  // Where the first load ends and the prefetch begins, for the page-weight benchmarks.
  if (performance.getEntriesByName(PREFETCH_MARK).length === 0) performance.mark(PREFETCH_MARK);
  preloadMessageList();
  preloadMarkdown();
  preloadIconTooltips();
  preloadAgentMenuItems();
  void preloadMenu().catch(() => undefined);
  void preloadPopover().catch(() => undefined);
}

/**
 * Starts the prefetch at the first idle moment after the page has painted, and again whenever the
 * connection comes back (what already arrived is not fetched twice). Returns a cleanup.
 */
export function prefetchChatPathWhenIdle(): () => void {
  const idle = window.requestIdleCallback
    ? (run: () => void) => {
        const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        return () => window.cancelIdleCallback(id);
      }
    : (run: () => void) => {
        const id = window.setTimeout(run, 1);
        return () => window.clearTimeout(id);
      };
  const cancel = idle(prefetchChatPath);
  window.addEventListener('online', prefetchChatPath);
  return () => {
    cancel();
    window.removeEventListener('online', prefetchChatPath);
  };
}
