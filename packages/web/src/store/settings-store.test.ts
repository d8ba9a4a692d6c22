import { describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from './settings-store';

describe('SETTING_DEFAULTS', () => {
  it("holds the spec's other local defaults", () => {
    expect(SETTING_DEFAULTS).toMatchObject({
      autoSendPrompts: true,
      enterToSend: true,
      fontSize: 'text-base',
      chatDirection: 'LTR',
      saveDrafts: true,
      showFooter: true,
      LaTeXParsing: true,
    });
  });
});
