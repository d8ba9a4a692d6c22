import { capabilitiesOf } from '../../api/agent-capabilities';
import { useEndpoints } from '../../api/chat-api';
import { useStartupConfig } from '../../api/startup-queries';
import { useHasPermission } from '../auth';
import type { UploadOffer } from './upload-options';

/**
 * What the attach menu may offer beyond plain uploads: file search when the server has it on (the
 * interface flag and the agents' `file_search` capability) and the role may use it, and "OCR text" when the server reads text in pictures — it says so by
 * listing the agents' `ocr` capability in /api/endpoints, which it does only with OCR on.
 */
export function useUploadOffer(): UploadOffer {
  const { data: config } = useStartupConfig();
  const { data: endpoints } = useEndpoints();
  const permitted = useHasPermission('FILE_SEARCH', 'USE');
  const enabled = (config?.interface as Record<string, unknown> | undefined)?.fileSearch !== false;
  const capabilities = capabilitiesOf(endpoints);
  return {
    // A server that reports no capabilities holds nothing back (capabilitiesOf).
    fileSearch: { enabled, permitted, capability: capabilities?.includes('file_search') ?? true },
    ocr: capabilities?.includes('ocr') ?? false,
  };
}
