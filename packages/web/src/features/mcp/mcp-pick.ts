import type { McpServerStatus } from '@parley/schema';

type ConnectionState = McpServerStatus['connectionState'];

/**
 * What a click on a server's check in the chat's MCP picker does: a chosen server is put down; a
 * connected one is chosen at once; any other is first initialized (connected, signed in) and is
 * chosen once that succeeds, so the conversation never lists a server whose tools cannot load.
 */
export function pickAction(selected: boolean, state: ConnectionState): 'deselect' | 'select' | 'initialize' {
  if (selected) return 'deselect';
  return state === 'connected' ? 'select' : 'initialize';
}

/**
 * Whether a failed initialize from the picker opens the server's config dialog: when the server
 * asks each person for values (a missing or wrong value is the likely cause, and the dialog is
 * where it is fixed). A server without such values has nothing to configure; its error toast says
 * what failed.
 */
export function failureOpensConfig(hasVars: boolean): boolean {
  return hasVars;
}
