import { afterEach, describe, expect, it } from 'vitest';
import { useShell } from './shell-store';

describe('the settings dialog opening tab', () => {
  afterEach(() => useShell.getState().setSettingsOpen(false));

  it('opens on the tab asked for (Account, after linking a sign-in)', () => {
    useShell.getState().openSettingsAt('account');
    expect(useShell.getState()).toMatchObject({ settingsOpen: true, settingsTab: 'account' });
  });

  it('forgets that tab once closed: the next ordinary opening starts on General', () => {
    useShell.getState().openSettingsAt('account');
    useShell.getState().setSettingsOpen(false);
    useShell.getState().setSettingsOpen(true);
    expect(useShell.getState()).toMatchObject({ settingsOpen: true, settingsTab: 'general' });
  });
});
