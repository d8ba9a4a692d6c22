import { Plug } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import type { SidePanelSection } from '../side-panel';

// The section's code loads when it first opens, not with every chat page.
const PanelBody = lazyArea(
  () => import('./mcp-panel-body'),
  (retry) => <AreaError onRetry={retry} />,
).Area;

/** The MCP servers as a section of the side panel; none on an instance without MCP servers. */
export function useMcpSection(): SidePanelSection | null {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  if (Object.keys(config?.mcpServers ?? {}).length === 0) return null;
  return {
    id: 'mcp',
    label: t('com_ui_mcp_servers'),
    icon: Plug,
    content: (
      <Suspense fallback={null}>
        <PanelBody />
      </Suspense>
    ),
  };
}
