import type { ToolAuthField, ToolChoice } from '@parley/schema';

/**
 * The user's pick for each choice, read from their stored credentials (where the picks are saved
 * under the choice's name); a pick the configuration no longer allows falls back to the default.
 */
export function chosenOptions(
  choices: readonly ToolChoice[] | undefined,
  stored: Record<string, string>,
): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const choice of choices ?? []) {
    const pick = stored[choice.name];
    chosen[choice.name] = choice.options.some((o) => o.value === pick) ? pick! : choice.defaultValue;
  }
  return chosen;
}

/** The fields asked for with these picks: those shown for every pick, and those of a chosen option. */
export function neededFields(
  authConfig: readonly ToolAuthField[],
  chosen: Record<string, string>,
): ToolAuthField[] {
  return authConfig.filter(
    (field) => !field.shownFor || field.shownFor.some(({ choice, value }) => chosen[choice] === value),
  );
}

/** Whether every field needed with the stored picks has a stored value. */
export function hasNeededCredentials(
  tool: { authConfig: readonly ToolAuthField[]; choices?: readonly ToolChoice[] },
  stored: Record<string, string>,
): boolean {
  const chosen = chosenOptions(tool.choices, stored);
  return neededFields(tool.authConfig, chosen).every((field) => stored[field.authField]);
}
