import { hasPermission } from '@parley/schema';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useStartupConfig } from '../../api/startup-queries';
import { useAuth } from '../../store/auth-store';
import { useRole } from '../auth';

/** Without permission the user is sent to /c/new after one second. */
export const UNAUTHORIZED_PROMPT_REDIRECT_MS = 1000;

/** PROMPTS.USE and the interface's prompts switch: the library, side panel and picker need both. */
export function usePromptsEnabled(): boolean {
  const { data: role } = useRole();
  const { data: config } = useStartupConfig();
  return hasPermission(role, 'PROMPTS', 'USE') && config?.interface.prompts !== false;
}

/**
 * Whether the role holds PROMPTS.{permission}; once the role is known and it does not, the page
 * goes to /c/new after 1 s. `checking` is true until the role has loaded.
 */
export function usePromptPermissionRedirect(permission: 'USE' | 'CREATE'): {
  allowed: boolean;
  checking: boolean;
} {
  const navigate = useNavigate();
  const { data: role, isSuccess, isError } = useRole();
  const allowed = hasPermission(role, 'PROMPTS', permission);
  const known = isSuccess || isError;
  useEffect(() => {
    if (!known || allowed) return;
    const timer = window.setTimeout(() => void navigate('/c/new'), UNAUTHORIZED_PROMPT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [known, allowed, navigate]);
  return { allowed, checking: !known };
}

/** The author or an ADMIN edits a group. */
export function useCanEditGroup(authorId: string | undefined): boolean {
  const user = useAuth((s) => s.user);
  if (!user || !authorId) return false;
  return user.role === 'ADMIN' || user.id === authorId;
}
