import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth-api';
import { clearSession } from '../../store/auth-store';
import { useShell } from '../../store/shell-store';
import { announceLogout } from './session-end-channel';

/**
 * Logout: ask the server to end the session, then — whether or not that worked — clear
 * the query cache and the session and go to the server's redirect, otherwise /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (target?: string) => {
      let redirect: string | undefined;
      try {
        redirect = (await authApi.logout())?.redirect;
      } catch {
        redirect = undefined;
      }
      // The other tabs' sessions ended with this one: they say so instead of losing typed text.
      announceLogout();
      queryClient.clear();
      clearSession();
      useShell.setState({ conversationTitle: null, settingsOpen: false });
      const destination = target ?? redirect ?? '/login';
      if (/^https?:\/\//.test(destination)) window.location.assign(destination);
      else void navigate(destination, { replace: true });
    },
    [queryClient, navigate],
  );
}
