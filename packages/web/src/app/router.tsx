import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setAuthFailureHandler } from '../api/client';
import { AreaError } from '../components/ui/area-error';
import { lazyArea } from '../components/ui/lazy-area';
import { ErrorPage } from '../features/errors';
import { RootLayout } from './root-layout';

// Every page is its own chunk so /login only downloads what it shows. A chunk the network drops
// is tried again; if it still fails the page's own area offers Retry (the shell around it stays).
function page(load: () => Promise<{ default: ComponentType }>) {
  return lazyArea<object>(load, (retry) => <AreaError onRetry={retry} />).Area;
}

const AuthLayout = page(() => import('../features/auth/auth-layout'));
const LoginPage = page(() => import('../features/auth/login-page'));
const RegisterPage = page(() => import('../features/auth/register-page'));
const ForgotPasswordPage = page(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page'));
const TwoFactorPage = page(() => import('../features/auth/two-factor-page'));
const VerifyEmailPage = page(() => import('../features/auth/verify-email-page'));
const OAuthSuccessPage = page(() => import('../features/auth/oauth-success-page'));
const OAuthErrorPage = page(() => import('../features/auth/oauth-error-page'));
const loadShell = () => import('../features/shell/shell-layout');
const loadChat = () => import('../features/chat/chat-view');
const ShellLayout = page(loadShell);
const ChatRoute = page(loadChat);

/**
 * Starts downloading the shell's and the chat page's code at once (a page opened at /c/…), instead
 * of after the first render asked for the shell and the shell for the chat page. A failure is left
 * to the pages' own loading, which retries and offers Retry.
 */
export function preloadShellPages(): void {
  void loadShell().catch(() => {});
  void loadChat().catch(() => {});
}
const SearchRoute = page(() => import('../features/search/search-view'));
const SharePage = page(() => import('../features/share/share-page'));
const DashboardLayout = page(() => import('../features/prompts/dashboard-layout'));
const PromptsPage = page(() => import('../features/prompts/prompts-page'));
const PromptPlaceholder = page(() => import('../features/prompts/prompt-placeholder'));
const CreatePromptPage = page(() => import('../features/prompts/create-prompt-page'));
const PromptDetailPage = page(() => import('../features/prompts/prompt-detail-page'));
const FilesPage = page(() => import('../features/files-dashboard/files-page'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'login/2fa', element: <TwoFactorPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      { path: 'verify', element: <VerifyEmailPage /> },
      { path: 'oauth/success', element: <OAuthSuccessPage /> },
      { path: 'oauth/error', element: <OAuthErrorPage /> },
      // The public read-only view of a shared conversation: no login.
      { path: 'share/:shareId', element: <SharePage /> },
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

// A refresh that fails after a 401 sends the user to sign in — except on public share pages.
setAuthFailureHandler(() => {
  if (window.location.pathname.includes('share/')) return;
  void router.navigate('/login', { replace: true });
});
