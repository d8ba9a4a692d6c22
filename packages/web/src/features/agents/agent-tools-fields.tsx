import { parseMcpToolName, type EndpointsConfig, type ToolEntry } from '@parley/schema';
import { Switch } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CAPABILITY_TOOLS, toggleTool, toggleTools, type AgentForm } from './agent-form';
import { capabilitiesOf } from '../../api/agent-capabilities';
import { useAgentTools } from './agent-queries';

// Kept here too: other folders read the capabilities through this file.
export { capabilitiesOf };

/**
 * Capabilities (code, file search, web search: switches) and the other tools (a checklist). Only
 * tools that exist on this server are offered; a tool already on the agent stays listed so it can
 * be taken off.
 */
export function AgentToolsFields({
  form,
  change,
  endpoints,
}: {
  form: AgentForm;
  change: (patch: Partial<AgentForm>) => void;
  endpoints: EndpointsConfig | undefined;
}) {
  const { t } = useTranslation();
  const { data: tools = [], isPending } = useAgentTools();
  const capabilities = capabilitiesOf(endpoints);
  const known = new Map(tools.map((tool) => [tool.pluginKey, tool]));
  const capabilityTools = CAPABILITY_TOOLS.filter(
    (name) =>
      (known.has(name) && (!capabilities || capabilities.includes(name))) || form.tools.includes(name),
  );
  const toolsAllowed = !capabilities || capabilities.includes('tools');
  const others: ToolEntry[] = tools.filter(
    (tool) => !(CAPABILITY_TOOLS as readonly string[]).includes(tool.pluginKey),
  );
  for (const name of form.tools) {
    if (!known.has(name) && !(CAPABILITY_TOOLS as readonly string[]).includes(name))
      others.push({ name, pluginKey: name, description: '', authConfig: [], authenticated: true });
  }
  const set = (name: string, on: boolean) => change({ tools: toggleTool(form.tools, name, on) });
  const plain = others.filter((tool) => !parseMcpToolName(tool.pluginKey));
  const servers = mcpServersOf(others);

  return (
    <div className="space-y-4">
      {capabilityTools.length > 0 && (
        <fieldset className="space-y-1" data-testid="agent-capabilities">
          <legend className="mb-1 text-[13px] font-medium text-fg">{t('agents.capabilities')}</legend>
          {capabilityTools.map((name) => (
            <ToolSwitch
              key={name}
              label={t(`agents.capability_${name}`)}
              checked={form.tools.includes(name)}
              onChange={(on) => set(name, on)}
              testId={`agent-capability-${name}`}
            />
          ))}
        </fieldset>
      )}
      {/* Only MCP tools on this server: their own group below, no empty Tools heading. */}
      {(plain.length > 0 || servers.length === 0 || !toolsAllowed) && (
        <fieldset className="space-y-1" data-testid="agent-tools">
          <legend className="mb-1 text-[13px] font-medium text-fg">{t('agents.tools')}</legend>
          {!isPending && (others.length === 0 || !toolsAllowed) && (
            <p className="text-xs text-fg-muted">{t('agents.no_tools')}</p>
          )}
          {toolsAllowed &&
            plain.map((tool) => (
              <ToolSwitch
                key={tool.pluginKey}
                label={tool.name}
                description={tool.description}
                checked={form.tools.includes(tool.pluginKey)}
                onChange={(on) => set(tool.pluginKey, on)}
                testId={`agent-tool-${tool.pluginKey}`}
              />
            ))}
        </fieldset>
      )}
      {toolsAllowed && servers.length > 0 && (
        <fieldset className="space-y-3" data-testid="agent-mcp-servers">
          <legend className="mb-1 text-[13px] font-medium text-fg">{t('agents.mcp_servers')}</legend>
          {servers.map(({ server, tools: serverTools }) => {
            const keys = serverTools.map((tool) => tool.pluginKey);
            const on = keys.filter((k) => form.tools.includes(k)).length;
            return (
              <div
                key={server}
                className="rounded-lg border border-border px-2 py-1"
                data-testid={`agent-mcp-${server}`}
              >
                <ToolSwitch
                  label={server}
                  description={t('agents.mcp_server_tools_count', { on, total: keys.length })}
                  ariaLabel={t('agents.mcp_server_all', { server })}
                  checked={on === keys.length}
                  onChange={(all) => change({ tools: toggleTools(form.tools, keys, all) })}
                  testId={`agent-mcp-server-${server}`}
                />
                <div className="ms-3 border-s border-border ps-2">
                  {serverTools.map((tool) => (
                    <ToolSwitch
                      key={tool.pluginKey}
                      label={parseMcpToolName(tool.pluginKey)!.tool}
                      description={tool.description}
                      checked={form.tools.includes(tool.pluginKey)}
                      onChange={(next) => set(tool.pluginKey, next)}
                      testId={`agent-tool-${tool.pluginKey}`}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}

/** The MCP tools (`<tool>_mcp_<server>`) grouped by their server, servers and tools in list order. */
export function mcpServersOf(tools: readonly ToolEntry[]): { server: string; tools: ToolEntry[] }[] {
  const groups = new Map<string, ToolEntry[]>();
  for (const tool of tools) {
    const parsed = parseMcpToolName(tool.pluginKey);
    if (!parsed) continue;
    groups.set(parsed.server, [...(groups.get(parsed.server) ?? []), tool]);
  }
  return [...groups].map(([server, list]) => ({ server, tools: list }));
}

function ToolSwitch({
  label,
  description,
  ariaLabel,
  checked,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  ariaLabel?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-surface-muted">
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm">{label}</span>
        {description && <span className="line-clamp-2 text-xs text-fg-muted">{description}</span>}
      </span>
      <Switch.Root
        checked={checked}
        onCheckedChange={onChange}
        data-testid={testId}
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        className="relative h-5 w-9 shrink-0 rounded-full bg-border-strong transition-colors data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[18px]" />
      </Switch.Root>
    </label>
  );
}
