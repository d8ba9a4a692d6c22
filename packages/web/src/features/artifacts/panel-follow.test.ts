import { describe, expect, it } from 'vitest';
import { followArtifacts } from './panel-follow';

describe('how the artifacts panel follows a conversation', () => {
  it('leaves artifacts already there alone and opens soon for a new one, on code while it arrives', () => {
    const first = followArtifacts({ knownCount: null, awaitingBlockEnd: false }, 2, true);
    expect(first).toEqual({
      state: { knownCount: 2, awaitingBlockEnd: false },
      openSoon: false,
      showPreview: false,
    });
    const next = followArtifacts(first.state, 3, false);
    expect(next).toEqual({
      state: { knownCount: 3, awaitingBlockEnd: true },
      openSoon: true,
      showPreview: false,
    });
    expect(followArtifacts(next.state, 3, true)).toEqual({
      state: { knownCount: 3, awaitingBlockEnd: false },
      openSoon: false,
      showPreview: true,
    });
  });

  it('shows the preview when the awaited block completes in an update whose list is longer than known', () => {
    // The view mounted afresh for the named chat: its list was empty a moment, then all five, complete.
    const short = followArtifacts({ knownCount: 5, awaitingBlockEnd: true }, 0, undefined);
    expect(short.state).toEqual({ knownCount: 0, awaitingBlockEnd: true });
    const back = followArtifacts(short.state, 5, true);
    expect(back.showPreview).toBe(true);
    expect(back.state.awaitingBlockEnd).toBe(false);
  });
});
