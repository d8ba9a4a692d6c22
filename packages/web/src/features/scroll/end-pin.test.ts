import { describe, expect, it } from 'vitest';
import { EndPin, FOLLOW_THRESHOLD_PX } from './end-pin';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('EndPin', () => {
  it('follows a stream from the start, before any scroll', () => {
    const pin = new EndPin({ pinned: true, top: 0 });
    expect(pin.shouldFollow(true)).toBe(true);
    // Not streaming and never at the end: a list opened at the top stays at the top.
    expect(pin.shouldFollow(false)).toBe(false);
  });

  it('keeps following the end after the view reached it, while rows are measured and no stream runs', () => {
    const pin = new EndPin({ pinned: false, top: 0 });
    expect(pin.shouldFollow(false)).toBe(false);
    pin.scrolled(90_000, 0, NOW); // the End key
    expect(pin.shouldFollow(false)).toBe(true);
    // The rows at the end grew: the content is taller, the scroll offset did not move.
    expect(pin.shouldFollow(false)).toBe(true);
  });

  it('is released by the user scrolling up away from the end, and by nothing else', () => {
    const pin = new EndPin({ pinned: false, top: 0 });
    pin.scrolled(5_000, 0, NOW);
    // Downward scrolls that stop short of the end (e.g. the list corrected its offset) keep it.
    pin.scrolled(5_200, 400, NOW);
    expect(pin.shouldFollow(false)).toBe(true);
    // The list shifting the offset up for rows measured above, before the page height caught up.
    pin.scrolled(5_000, 600, NOW);
    expect(pin.shouldFollow(false)).toBe(true);
    // A wheel turned upwards: the next move up is the user's.
    pin.userScrolls(NOW + 1_000);
    pin.scrolled(4_000, 1_600, NOW + 10);
    expect(pin.shouldFollow(false)).toBe(false);
    expect(pin.shouldFollow(true)).toBe(false);
  });

  it('treats a small move up within the threshold as still at the end', () => {
    const pin = new EndPin({ pinned: false, top: 0 });
    pin.userScrolls(Number.POSITIVE_INFINITY); // a finger on the screen
    pin.scrolled(1_000, 0, NOW);
    pin.scrolled(1_000 - (FOLLOW_THRESHOLD_PX - 1), FOLLOW_THRESHOLD_PX - 1, NOW);
    expect(pin.shouldFollow(false)).toBe(true);
    pin.scrolled(900, FOLLOW_THRESHOLD_PX + 100, NOW);
    expect(pin.shouldFollow(false)).toBe(false);
  });

  it("no longer counts a move up as the user's once their scrolling is over", () => {
    const pin = new EndPin({ pinned: false, top: 0 });
    pin.scrolled(3_000, 0, NOW);
    pin.userScrolls(NOW + 1_000);
    pin.scrolled(2_000, 1_000, NOW + 1_001);
    expect(pin.shouldFollow(false)).toBe(true);
  });

  it('is taken again by a deliberate jump to the end', () => {
    const pin = new EndPin({ pinned: true, top: 3_000 });
    pin.userScrolls(NOW + 500);
    pin.scrolled(100, 2_900, NOW);
    expect(pin.shouldFollow(true)).toBe(false);
    pin.sentToEnd();
    expect(pin.shouldFollow(true)).toBe(true);
    expect(pin.shouldFollow(false)).toBe(true);
  });

  it('lets the app move the view away from the end: rows measured afterwards do not pull it back', () => {
    const pin = new EndPin({ pinned: true, top: 0 });
    pin.scrolled(8_000, 0, NOW); // at the end of a long conversation
    pin.movedAway(); // a search hit brought into view, or a message opened for editing
    pin.scrolled(2_000, 6_000, NOW); // the app's own scroll, no wheel or key involved
    expect(pin.shouldFollow(false)).toBe(false);
    expect(pin.shouldFollow(true)).toBe(false);
    // Reaching the end again takes it back.
    pin.scrolled(8_000, 0, NOW + 5_000);
    expect(pin.shouldFollow(false)).toBe(true);
  });
});
