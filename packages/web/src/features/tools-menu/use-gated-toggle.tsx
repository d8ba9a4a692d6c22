import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTools } from '../tools';
import { needsCredentials } from './credential-gate';
import { selectedToolFlags, useSelectedTools, useToolSelection, type ChatTool } from './tool-selection';

const ToolKeysDialog = lazy(() => import('./tool-keys-dialog'));

/**
 * The tools menu's and badges' switch for a tool in one conversation: turning on a tool that still
 * needs this person's credentials opens its credential dialog (see needsCredentials), and the tool
 * is turned on when they are saved; otherwise it flips at once. `dialog` is rendered by the caller.
 */
export function useGatedToggle(conversationId: string): {
  /** Flips the tool, or opens its credential dialog (then answers true). */
  toggle: (tool: ChatTool) => boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { data: tools } = useTools();
  const selected = useSelectedTools(conversationId);
  const flip = useToolSelection((s) => s.toggle);
  const [asking, setAsking] = useState<ChatTool | null>(null);

  const toggle = useCallback(
    (tool: ChatTool) => {
      const entry = tools?.find((candidate) => candidate.pluginKey === tool);
      if (needsCredentials(entry, !selected.includes(tool))) {
        setAsking(tool);
        return true;
      }
      flip(conversationId, tool);
      return false;
    },
    [tools, selected, flip, conversationId],
  );

  const entry = asking ? tools?.find((candidate) => candidate.pluginKey === asking) : undefined;
  const dialog =
    asking && entry ? (
      <Suspense fallback={null}>
        <ToolKeysDialog
          tool={{ ...entry, name: t(`com_ui_tool_${asking}`) }}
          open
          onOpenChange={(open) => !open && setAsking(null)}
          onSaved={() => {
            if (!selectedToolFlags(conversationId)[asking]) flip(conversationId, asking);
          }}
        />
      </Suspense>
    ) : null;
  return { toggle, dialog };
}
