import { describe, expect, it } from 'vitest';
import { frameIsReused, isFrameMessage, isRenderMessage } from './preview-protocol';

const artifact = { type: 'application/vnd.react', language: 'tsx', content: 'x' };

describe('the preview frame protocol', () => {
  it('accepts the panel’s render message and refuses malformed ones', () => {
    expect(isRenderMessage({ parley: 'render', renderId: 1, artifact, dark: false })).toBe(true);
    for (const bad of [
      null,
      'render',
      { parley: 'render', artifact, dark: false },
      { parley: 'render', renderId: -1, artifact, dark: false },
      { parley: 'render', renderId: 1.5, artifact, dark: false },
      { parley: 'render', renderId: '1', artifact, dark: false },
      { parley: 'render', renderId: 1, artifact: { ...artifact, content: 3 }, dark: false },
      { parley: 'render', renderId: 1, dark: false },
      { parley: 'other', renderId: 1, artifact, dark: false },
    ]) {
      expect(isRenderMessage(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts the frame’s answers only with the render they belong to', () => {
    expect(isFrameMessage({ parley: 'ready' })).toBe(true);
    expect(isFrameMessage({ parley: 'rendered', renderId: 2 })).toBe(true);
    expect(isFrameMessage({ parley: 'error', renderId: 2, message: 'boom' })).toBe(true);
    for (const bad of [
      undefined,
      { parley: 'rendered' },
      { parley: 'rendered', renderId: 'x' },
      { parley: 'error', renderId: 2 },
      { parley: 'error', message: 'no render' },
      { parley: 'error', renderId: 2, message: { text: 'x' } },
      { parley: 'render', renderId: 1, artifact, dark: false },
    ]) {
      expect(isFrameMessage(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('reuses a frame for React components only', () => {
    expect(frameIsReused('application/vnd.react')).toBe(true);
    for (const type of [
      'text/html',
      'application/vnd.code-html',
      'image/svg+xml',
      'application/vnd.mermaid',
      'text/markdown',
      'unknown',
    ]) {
      expect(frameIsReused(type), type).toBe(false);
    }
  });
});
