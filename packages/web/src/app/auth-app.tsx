import { Suspense, useEffect } from 'react';
import { IconTooltipsOnDemand } from '../components/ui/icon-tooltips-on-demand';
import { PageFallback } from '../components/ui/page-fallback';
import { AuthPages } from '../features/auth';
import { Toaster } from '../features/toasts';
import { loadFullApp } from './load-full-app';
import { useDocumentSync } from './use-document-sync';

/**
 * The signed-out app (login, registration, password reset, two-factor, e-mail verification, the
 * external sign-in outcome pages): React and i18next only, no router and no React Query, so the
 * first page a visitor sees stays light. The app switch hands over to the signed-in app when the
 * address leaves these pages.
 */
export default function AuthApp() {
  useDocumentSync();
  // Once the person types, signing in is likely: the signed-in app's code starts loading so it is
  // ready when they are in. Never during the page load itself, which stays as light as it can.
  useEffect(() => {
    const prefetch = () => void loadFullApp().catch(() => {});
    document.addEventListener('input', prefetch, { once: true });
    return () => document.removeEventListener('input', prefetch);
  }, []);
  return (
    <>
      <Suspense fallback={<PageFallback />}>
        <AuthPages />
      </Suspense>
      <Toaster />
      <IconTooltipsOnDemand />
    </>
  );
}
