import type { ComponentType } from 'react';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import { authPathOf, type AuthPath } from '../../lib/auth-paths';
import { AuthLayout } from './auth-layout';
import { useAuthLocation } from './auth-location';

// Every page is its own chunk so /login downloads only what it shows. A chunk the network drops
// is tried again; if it still fails the page's own area offers Retry.
function page(load: () => Promise<{ default: ComponentType }>) {
  return lazyArea<object>(load, (retry) => <AreaError onRetry={retry} />).Area;
}

/** Each signed-out page, and whether it sits in the shared card with the social buttons. */
const PAGES: Record<AuthPath, { Page: ComponentType; inLayout: boolean }> = {
  '/login': { Page: page(() => import('./login-page')), inLayout: true },
  '/login/2fa': { Page: page(() => import('./two-factor-page')), inLayout: true },
  '/register': { Page: page(() => import('./register-page')), inLayout: true },
  '/forgot-password': { Page: page(() => import('./forgot-password-page')), inLayout: true },
  '/reset-password': { Page: page(() => import('./reset-password-page')), inLayout: true },
  '/verify': { Page: page(() => import('./verify-email-page')), inLayout: false },
  '/oauth/success': { Page: page(() => import('./oauth-success-page')), inLayout: false },
  '/oauth/error': { Page: page(() => import('./oauth-error-page')), inLayout: false },
  '/setup': { Page: page(() => import('./setup-page')), inLayout: false },
};

/** The signed-out page for the current address (the app switch shows this only at those paths). */
export function AuthPages() {
  const path = authPathOf(useAuthLocation().pathname);
  if (!path) return null;
  const { Page, inLayout } = PAGES[path];
  return inLayout ? (
    <AuthLayout>
      <Page />
    </AuthLayout>
  ) : (
    <Page />
  );
}
