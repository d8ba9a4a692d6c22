import { describe, expect, it } from 'vitest';
import { failureOpensConfig, pickAction } from './mcp-pick';

describe('the MCP picker', () => {
  it('chooses a connected server at once and initializes any other first', () => {
    expect(pickAction(false, 'connected')).toBe('select');
    expect(pickAction(false, 'disconnected')).toBe('initialize');
    expect(pickAction(false, 'error')).toBe('initialize');
    expect(pickAction(false, 'connecting')).toBe('initialize');
  });

  it('puts a chosen server down whatever its state', () => {
    expect(pickAction(true, 'connected')).toBe('deselect');
    expect(pickAction(true, 'error')).toBe('deselect');
  });

  it('opens the config dialog on a failure only for a server that asks for values', () => {
    expect(failureOpensConfig(true)).toBe(true);
    expect(failureOpensConfig(false)).toBe(false);
  });
});
