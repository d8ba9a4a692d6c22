import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { refreshSession } from './api/client';
import { prefetchChatStartup } from './api/chat-api';
import { queryClient } from './api/query-client';
import { preloadShellPages, router } from './app/router';
import { initI18n, loadAllStrings } from './i18n';
import { isShellPath } from './lib/shell-paths';
import './index.css';

// A signed-out page in another language waits for that language's few strings (its own small
// chunk) rather than showing English first; English needs nothing more.
const languageReady = initI18n();
// A page opened at /c/… or /search needs the shell's and the chat page's code: it starts now,
// alongside the session refresh, not one step after another.
if (isShellPath(window.location.pathname)) preloadShellPages();
// Silent refresh at start: the session cookie, if any, becomes an in-memory token. A
// signed-in user is headed for the shell, so its strings and the chat's endpoints and models
// start loading as soon as the token is known.
void refreshSession().then((token) => {
  if (!token) return;
  void loadAllStrings();
  prefetchChatStartup(queryClient);
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

void languageReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
