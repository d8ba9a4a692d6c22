import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setAuthFailureHandler } from '../api/client';
import { ErrorPage } from '../features/errors';
import { RootLayout } from './root-layout';

// Every page is its own chunk so /login only downloads what it shows.
const AuthLayout = lazy(() => import('../features/auth/auth-layout'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const TwoFactorPage = lazy(() => import('../features/auth/two-factor-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page'));
const OAuthSuccessPage = lazy(() => import('../features/auth/oauth-success-page'));
const OAuthErrorPage = lazy(() => import('../features/auth/oauth-error-page'));
const ShellLayout = lazy(() => import('../features/shell/shell-layout'));
const ChatRoute = lazy(() => import('../features/chat/chat-view'));
const SearchRoute = lazy(() => import('../features/search/search-view'));
const SharePage = lazy(() => import('../features/share/share-page'));
const DashboardLayout = lazy(() => import('../features/prompts/dashboard-layout'));
const PromptsPage = lazy(() => import('../features/prompts/prompts-page'));
const PromptPlaceholder = lazy(() => import('../features/prompts/prompt-placeholder'));
const CreatePromptPage = lazy(() => import('../features/prompts/create-prompt-page'));
const PromptDetailPage = lazy(() => import('../features/prompts/prompt-detail-page'));

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
      // The public read-only view of a shared conversation: no login (001 §2).
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
        // The dashboard (001 §2). Unknown /d/* paths go to the prompts until a files dashboard exists.
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
          { index: true, element: <Navigate to="/d/prompts" replace /> },
          { path: '*', element: <Navigate to="/d/prompts" replace /> },
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
