import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSession, setAuthFailureHandler } from './api/client';
import { AppSwitch } from './app/app-switch';
import { loadFullApp } from './app/load-full-app';
import { preloadShellPages } from './app/shell-preload';
import { initI18n, loadAllStrings } from './i18n';
import { authPathOf } from './lib/auth-paths';
import { navigateBrowser } from './lib/browser-location';
import { isShellPath } from './lib/shell-paths';
import './index.css';

// A signed-out page in another language waits for that language's few strings (its own small
// chunk) rather than showing English first; English needs nothing more.
const languageReady = initI18n();
const startPath = window.location.pathname;
// Outside the signed-out pages the signed-in app's code starts now, and a page opened at /c/… or
// /search also starts the shell's and the chat page's code, alongside the session refresh, not
// one step after another.
if (!authPathOf(startPath)) void loadFullApp().catch(() => {});
if (isShellPath(startPath)) preloadShellPages();
// Silent refresh at start: the session cookie, if any, becomes an in-memory token. A
// signed-in user is headed for the shell, so its strings and the chat's endpoints and models
// start loading as soon as the token is known.
void refreshSession().then((token) => {
  if (!token) return;
  void loadAllStrings();
  void loadFullApp()
    .then((app) => app.prefetchSignedInStartup())
    .catch(() => {});
});

// A refresh that fails after a 401 sends the person to sign in — except on public share pages.
setAuthFailureHandler(() => {
  if (window.location.pathname.includes('share/')) return;
  navigateBrowser('/login', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

void languageReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppSwitch />
    </StrictMode>,
  ),
);
