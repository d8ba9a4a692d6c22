import { Plug } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { lazyArea } from '../../components/ui/lazy-area';

/** The picker's code, loaded on an instance that has MCP servers; if it cannot arrive, a retry. */
const { Area: McpPicker } = lazyArea(
  () => import('./mcp-picker'),
  (retry) => <RetryPicker onRetry={retry} />,
);

function RetryPicker({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onRetry}
      aria-label={t('com_ui_mcp_servers')}
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-fg-subtle opacity-60 hover:bg-surface"
    >
      <Plug className="size-5" aria-hidden />
    </button>
  );
}

/**
 * Where the chat input shows the MCP picker: nothing without MCP servers offered in the chat
 * menu, so the chat page of every other instance does not load the picker at all.
 */
export function McpPickerSlot({ conversationId }: { conversationId: string }) {
  const { data: config } = useStartupConfig();
  const offered = Object.values(config?.mcpServers ?? {}).some((s) => s.chatMenu);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <McpPicker conversationId={conversationId} />
    </Suspense>
  );
}
