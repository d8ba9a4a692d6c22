import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { McpServerRow } from './mcp-server-row';
import { useMcpInitialize } from './use-mcp-initialize';

/**
 * The side panel's MCP section: every server parley.yaml configures (also those kept out of the
 * chat menu), with its state icon, initialize / sign in and the credential dialog. Which servers a
 * conversation uses is chosen in the chat input's picker.
 */
export default function McpPanelBody() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const flow = useMcpInitialize();
  const servers = Object.entries(config?.mcpServers ?? {});
  return (
    <div className="space-y-2 px-3 py-2" data-testid="mcp-panel">
      <p className="text-xs text-fg-muted">{t('com_ui_mcp_panel_description')}</p>
      {servers.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('com_ui_mcp_no_servers')}</p>
      ) : (
        <ul className="space-y-0.5">
          {servers.map(([name, info]) => (
            <McpServerRow key={name} name={name} info={info} status={flow.status[name]} flow={flow} />
          ))}
        </ul>
      )}
    </div>
  );
}
