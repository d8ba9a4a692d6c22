import { describe, expect, it } from 'vitest';
import { ARTIFACT_MODES, artifactModeOf, artifactsPrompt, withArtifactsPrompt } from './artifacts-prompt.ts';

describe('the artifacts prompt', () => {
  it('is off unless the field names a mode', () => {
    for (const value of [undefined, null, '', false, true, 'DEFAULT', 'other', 1, {}]) {
      expect(artifactModeOf(value)).toBeNull();
      expect(withArtifactsPrompt('Be brief.', value)).toBe('Be brief.');
    }
    expect(withArtifactsPrompt(undefined, undefined)).toBeUndefined();
  });

  it('follows the system prompt, or stands alone', () => {
    expect(withArtifactsPrompt('Be brief.', 'default')).toBe(`Be brief.\n\n${artifactsPrompt('default')}`);
    expect(withArtifactsPrompt('  ', 'custom')).toBe(artifactsPrompt('custom'));
  });

  it('names the libraries of each mode', () => {
    expect(artifactsPrompt('default')).toContain(':::artifact{identifier=');
    expect(artifactsPrompt('default')).toContain('lucide-react');
    expect(artifactsPrompt('default')).not.toContain('/components/ui/');
    expect(artifactsPrompt('shadcnui')).toContain("'/components/ui/<name>'");
    expect(artifactsPrompt('custom')).not.toContain('lucide-react');
  });

  // ARTIFACTS_ALLOW_NETWORK opens the preview to https: URLs; the model is told what the preview
  // allows, so it neither loads what will be blocked nor inlines what it could link.
  it('says whether the preview has the network', () => {
    for (const mode of ARTIFACT_MODES) {
      expect(artifactsPrompt(mode)).toContain('The preview has no network');
      expect(artifactsPrompt(mode, true)).not.toContain('no network');
      expect(artifactsPrompt(mode, true)).toContain('from https: URLs (never plain http:)');
    }
    expect(withArtifactsPrompt(undefined, 'default', true)).toBe(artifactsPrompt('default', true));
  });
});
