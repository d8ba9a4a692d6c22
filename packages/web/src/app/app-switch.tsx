import { Suspense, useSyncExternalStore } from 'react';
import { AreaError } from '../components/ui/area-error';
import { lazyArea } from '../components/ui/lazy-area';
import { PageFallback } from '../components/ui/page-fallback';
import { ShellSkeleton } from '../components/ui/shell-skeleton';
import { authPathOf } from '../lib/auth-paths';
import { getBrowserLocation, subscribeBrowserLocation } from '../lib/browser-location';
import { isShellPath } from '../lib/shell-paths';
import { loadFullApp } from './load-full-app';

const AuthApp = lazyArea<object>(
  () => import('./auth-app'),
  (retry) => <AreaError onRetry={retry} />,
).Area;
const FullApp = lazyArea<object>(loadFullApp, (retry) => <AreaError onRetry={retry} />).Area;

/**
 * Shows the signed-out app at the signed-out pages and the signed-in app everywhere else. The
 * address is the one source of truth: signing in moves it to /c/new (or the page asked for) and
 * the signed-in app mounts in the same document, the access token still in memory; signing out
 * moves it to /login and the signed-out app comes back, again without a page load.
 */
export function AppSwitch() {
  const { pathname } = useSyncExternalStore(subscribeBrowserLocation, getBrowserLocation);
  // The shell's pages keep the outline index.html painted while their code arrives.
  const fallback = isShellPath(pathname) ? <ShellSkeleton /> : <PageFallback />;
  return <Suspense fallback={fallback}>{authPathOf(pathname) ? <AuthApp /> : <FullApp />}</Suspense>;
}
