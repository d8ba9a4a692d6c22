import type { InterfaceConfig } from '@parley/schema';

/**
 * What every settings tab is given: the startup configuration's interface flags, so a switch of a
 * feature that is off (or not built yet) is not shown. The shell passes them in; the settings
 * folder itself does not reach for the app's startup queries.
 */
export interface SettingsTabProps {
  interfaceConfig?: InterfaceConfig | undefined;
}
