import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { refreshSession } from './api/client';
import { queryClient } from './api/query-client';
import { router } from './app/router';
import { initI18n, loadAllStrings } from './i18n';
import './index.css';

// A signed-out page in another language waits for that language's few strings (its own small
// chunk) rather than showing English first; English needs nothing more.
const languageReady = initI18n();
// Silent refresh at start: the session cookie, if any, becomes an in-memory token. A
// signed-in user is headed for the shell, so its strings start loading right away.
void refreshSession().then((token) => {
  if (token) void loadAllStrings();
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
