import { useAuth } from '../../store/auth-store';
import { useHasPermission } from '../auth';

/** May the caller see agents at all (AGENTS.USE, signed in)? */
export function useAgentsAllowed(): boolean {
  const signedIn = useAuth((s) => s.status) === 'authenticated';
  return useHasPermission('AGENTS', 'USE') && signedIn;
}
