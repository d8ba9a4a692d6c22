import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AreaError } from '../components/ui/area-error';
import { lazyArea } from '../components/ui/lazy-area';
import { ErrorPage } from '../features/errors';
import { RootLayout } from './root-layout';
import { loadChat, loadShell } from './shell-preload';

// Every page is its own chunk so a page downloads only what it shows. A chunk the network drops
// is tried again; if it still fails the page's own area offers Retry (the shell around it stays).
function page(load: () => Promise<{ default: ComponentType }>) {
  return lazyArea<object>(load, (retry) => <AreaError onRetry={retry} />).Area;
}

const ShellLayout = page(loadShell);
const ChatRoute = page(loadChat);
const SearchRoute = page(() => import('../features/search/search-view'));
const SharePage = page(() => import('../features/share/share-page'));
const DashboardLayout = page(() => import('../features/prompts/dashboard-layout'));
const PromptsPage = page(() => import('../features/prompts/prompts-page'));
const PromptPlaceholder = page(() => import('../features/prompts/prompt-placeholder'));
const CreatePromptPage = page(() => import('../features/prompts/create-prompt-page'));
const PromptDetailPage = page(() => import('../features/prompts/prompt-detail-page'));
const FilesPage = page(() => import('../features/files-dashboard/files-page'));
const AdminConsole = page(() => import('../features/admin/console/admin-console'));

/** The signed-in app's routes; the signed-out pages (lib/auth-paths.ts) are the auth app's. */
function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        // The public read-only view of a shared conversation: no login.
        { path: 'share/:shareId', element: <SharePage /> },
        // The administrators' console; other users are sent to the chat.
        { path: 'admin/:tab?', element: <AdminConsole /> },
        {
          path: '/',
          element: <ShellLayout />,
          children: [
            { index: true, element: <Navigate to="/c/new" replace /> },
            { path: 'c/:conversationId?', element: <ChatRoute /> },
            { path: 'search', element: <SearchRoute /> },
          ],
        },
        {
          // The dashboard: prompts and files. /d itself and any unknown /d/* path go to the files.
          path: 'd',
          element: <DashboardLayout />,
          children: [
            {
              path: 'prompts',
              element: <PromptsPage />,
              children: [
                { index: true, element: <PromptPlaceholder /> },
                { path: 'new', element: <CreatePromptPage /> },
                { path: ':groupId', element: <PromptDetailPage /> },
              ],
            },
            { path: 'files', element: <FilesPage /> },
            { index: true, element: <Navigate to="/d/files" replace /> },
            { path: '*', element: <Navigate to="/d/files" replace /> },
          ],
        },
      ],
    },
  ]);
}

type AppRouter = ReturnType<typeof createAppRouter>;
let current: AppRouter | null = null;

/**
 * The router for the address the signed-in app is mounted at. A router reads the address when it
 * is created and afterwards follows only its own navigations and the back button, so one left
 * behind while the signed-out app moved the address on (sign-out, then sign-in again) is
 * replaced instead of showing the page it was last on.
 */
export function appRouter(): AppRouter {
  const { pathname, search, hash } = window.location;
  const at = current?.state.location;
  if (!current || at?.pathname !== pathname || at.search !== search || at.hash !== hash) {
    current?.dispose();
    current = createAppRouter();
  }
  return current;
}
