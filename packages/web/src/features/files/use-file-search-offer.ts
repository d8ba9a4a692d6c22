import { useStartupConfig } from '../../api/startup-queries';
import { useHasPermission } from '../auth';

/** Whether uploads for file search are on offer: the server has it on and the role may use it. */
export function useFileSearchOffer(): { enabled: boolean; permitted: boolean } {
  const { data: config } = useStartupConfig();
  const permitted = useHasPermission('FILE_SEARCH', 'USE');
  const enabled = (config?.interface as Record<string, unknown> | undefined)?.fileSearch !== false;
  return { enabled, permitted };
}
