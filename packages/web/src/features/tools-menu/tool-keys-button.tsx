import { clsx } from 'clsx';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTools } from '../tools';

const ToolKeysDialog = lazy(() => import('./tool-keys-dialog'));

/**
 * The tools menu's key button of a tool that asks each person for keys or addresses the operator
 * did not set (web search with user-provided vendors): it opens the tool's credential dialog,
 * where they are saved encrypted for the caller, or removed. Hidden when the server sets them all.
 */
export function ToolKeysButton({ pluginKey, name }: { pluginKey: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: tools } = useTools();
  const tool = tools?.find((entry) => entry.pluginKey === pluginKey);
  if (!tool || tool.authConfig.length === 0) return null;
  // The dialog names the tool as the menu does, in the person's language (the server says `web_search`).
  return (
    <>
      <button
        type="button"
        aria-label={t('com_ui_tool_keys', { tool: name })}
        onClick={() => setOpen(true)}
        className={clsx(
          'rounded-lg p-2 hover:bg-surface-muted',
          tool.authenticated ? 'text-accent' : 'text-fg-subtle hover:text-fg',
        )}
        data-testid={`tools-menu-keys-${pluginKey}`}
      >
        <KeyRound className="size-4" aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ToolKeysDialog tool={{ ...tool, name }} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
