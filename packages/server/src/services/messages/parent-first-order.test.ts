import { describe, expect, it } from 'vitest';
import { parentFirstOrder } from './parent-first-order.ts';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const m = (messageId: string, parentMessageId: string) => ({ messageId, parentMessageId });
const ids = (list: { messageId: string }[]) => list.map((x) => x.messageId);

describe('parentFirstOrder', () => {
  it('keeps an order that already has parents first', () => {
    const list = [m('a', NO_PARENT), m('b', 'a'), m('c', 'b'), m('d', 'a')];
    expect(ids(parentFirstOrder(list))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves children that precede their parent to just after it', () => {
    const list = [m('c', 'b'), m('a', NO_PARENT), m('d', 'c'), m('b', 'a'), m('e', 'a')];
    expect(ids(parentFirstOrder(list))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps siblings in their original order', () => {
    const list = [m('y', 'p'), m('x', 'p'), m('p', NO_PARENT)];
    expect(ids(parentFirstOrder(list))).toEqual(['p', 'y', 'x']);
  });

  it('treats a message whose parent is absent as a root', () => {
    expect(ids(parentFirstOrder([m('b', 'gone'), m('a', NO_PARENT)]))).toEqual(['b', 'a']);
  });

  it('never loses messages caught in a cycle', () => {
    const out = parentFirstOrder([m('a', 'b'), m('b', 'a'), m('r', NO_PARENT), m('s', 's')]);
    expect(ids(out).sort()).toEqual(['a', 'b', 'r', 's']);
    expect(ids(out).slice(0, 2)).toEqual(['r', 's']);
  });
});
