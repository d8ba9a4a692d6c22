import type { ToolEntry } from '@parley/schema';

/**
 * Whether turning a tool on must first ask for its credentials: it asks each person for keys the
 * operator did not set, and this person has not saved them yet. Without them the tool could only
 * fail mid-answer, so the toggle opens the credential dialog instead and turns the tool on once
 * they are saved. Turning a tool off never asks.
 */
export function needsCredentials(
  tool: Pick<ToolEntry, 'authConfig' | 'authenticated'> | undefined,
  turningOn: boolean,
) {
  return turningOn && tool !== undefined && tool.authConfig.length > 0 && !tool.authenticated;
}
