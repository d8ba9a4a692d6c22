export const loadShell = () => import('../features/shell/shell-layout');
export const loadChat = () => import('../features/chat/chat-view');

/**
 * Starts downloading the shell's and the chat page's code at once (a page opened at /c/…), instead
 * of after the first render asked for the shell and the shell for the chat page. A failure is left
 * to the pages' own loading, which retries and offers Retry.
 */
export function preloadShellPages(): void {
  void loadShell().catch(() => {});
  void loadChat().catch(() => {});
}
