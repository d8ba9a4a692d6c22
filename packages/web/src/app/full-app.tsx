import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { prefetchChatStartup } from '../api/chat-api';
import { queryClient } from '../api/query-client';
import { syncBrowserLocation } from '../lib/browser-location';
import { appRouter } from './router';

/**
 * The signed-in app (and the public share page): react-router and React Query. Each of its
 * navigations is passed on to the browser-location store, so the app switch sees it leave for a
 * signed-out page (sign-out, a session that cannot be refreshed) and shows the auth app.
 */
export default function FullApp() {
  const [router] = useState(appRouter);
  useEffect(() => router.subscribe(() => syncBrowserLocation()), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** A signed-in person is headed for the chat: its endpoints and models start loading now. */
export function prefetchSignedInStartup(): void {
  prefetchChatStartup(queryClient);
}
