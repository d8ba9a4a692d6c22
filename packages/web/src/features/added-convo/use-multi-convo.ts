import { useStartupConfig } from '../../api/startup-queries';
import { useHasPermission } from '../auth';

/** Asking a second model is offered: the server turns it on and the role grants MULTI_CONVO.USE. */
export function useMultiConvoAllowed(): boolean {
  const { data: config } = useStartupConfig();
  const allowed = useHasPermission('MULTI_CONVO', 'USE');
  return allowed && config?.interface.multiConvo === true;
}
