import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, type SessionStatus } from '../../store/auth-store';

/** How long a signed-out visitor of a signed-in page waits before going to /login. */
export const UNAUTHENTICATED_REDIRECT_MS = 300;

/**
 * For pages only signed-in people see: once the session is known to be absent, the visitor is
 * sent to /login 300 ms later (replacing the page in the history). Returns the session status;
 * the page renders nothing until it is `authenticated`.
 */
export function useRequireAuth(): SessionStatus {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true }),
      UNAUTHENTICATED_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate]);
  return status;
}
