import { describe, expect, it } from 'vitest';
import { mergeTriggerProps } from './merge-trigger-props';

describe('mergeTriggerProps', () => {
  it('runs both click handlers, the element’s first', () => {
    const calls: string[] = [];
    const merged = mergeTriggerProps(
      { onClick: () => calls.push('stand-in') },
      { onClick: () => calls.push('element') },
    );
    (merged.onClick as () => void)();
    expect(calls).toEqual(['element', 'stand-in']);
  });

  it('keeps a handler only one side has', () => {
    const own = () => undefined;
    const element = () => undefined;
    const merged = mergeTriggerProps({ onFocus: own }, { onBlur: element });
    expect(merged.onFocus).toBe(own);
    expect(merged.onBlur).toBe(element);
  });

  it('joins class names and lets the element’s other values win', () => {
    const merged = mergeTriggerProps(
      { className: 'a', 'aria-expanded': false, 'data-state': 'closed' },
      { className: 'b', 'data-state': 'mine', 'data-testid': 'x' },
    );
    expect(merged).toEqual({
      className: 'a b',
      'aria-expanded': false,
      'data-state': 'mine',
      'data-testid': 'x',
    });
  });
});
