import { describe, expect, it } from 'vitest';
import { artifactModeOf, artifactsPrompt, withArtifactsPrompt } from './artifacts-prompt.ts';

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
});
