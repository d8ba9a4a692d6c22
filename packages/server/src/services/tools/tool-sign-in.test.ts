import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tool } from './tool.ts';
import { runToolCall, type ToolCallScope } from './tool-call-runner.ts';
import { SignInRequired, SignInWaits } from './tool-sign-in.ts';

describe('SignInWaits', () => {
  it('wakes only the calls of that user and key, each once', async () => {
    const waits = new SignInWaits();
    const signal = new AbortController().signal;
    const later = Date.now() + 60_000;
    const ann = waits.wait('ann', 'mcp:a', later, signal);
    const ann2 = waits.wait('ann', 'mcp:a', later, signal);
    const bob = waits.wait('bob', 'mcp:a', later, signal);
    const other = waits.wait('ann', 'mcp:b', later, signal);
    expect(waits.settle('ann', 'mcp:a', 'signed-in')).toBe(2);
    expect(await ann).toBe('signed-in');
    expect(await ann2).toBe('signed-in');
    expect(waits.settle('ann', 'mcp:a', 'failed')).toBe(0);
    expect(waits.waitingOn('bob', 'mcp:a')).toBe(1);
    expect(waits.waitingOn('ann', 'mcp:b')).toBe(1);
    waits.settle('bob', 'mcp:a', 'cancelled');
    waits.settle('ann', 'mcp:b', 'failed');
    expect(await bob).toBe('cancelled');
    expect(await other).toBe('failed');
  });

  it('ends at its deadline and when the run stops, leaving nothing behind', async () => {
    const waits = new SignInWaits();
    expect(await waits.wait('ann', 'k', Date.now() + 20, new AbortController().signal)).toBe('expired');
    const stop = new AbortController();
    const stopped = waits.wait('ann', 'k', Date.now() + 60_000, stop.signal);
    stop.abort();
    expect(await stopped).toBe('stopped');
    expect(waits.waitingOn('ann', 'k')).toBe(0);
  });
});

describe('a call that needs a sign-in', () => {
  const scopeWith = (waits: SignInWaits, asked: { auth: string; expiresAt: number }[]): ToolCallScope => ({
    userId: 'ann',
    conversationId: 'c',
    signal: new AbortController().signal,
    credentials: async () => ({}),
    authWait: { waitMs: 60_000, pollMs: 10 },
    signIns: waits,
    needsAuth: (_id, auth, expiresAt) => asked.push({ auth, expiresAt }),
  });
  const tool = (run: Tool['run']): Tool => ({
    name: 'lookup',
    description: 'd',
    input: z.object({}),
    authConfig: [],
    run,
  });
  const call = { id: 'call_1', name: 'lookup', args: '{}' };

  it('shows the link, waits for the sign-in and runs again; the offer ends once signed in', async () => {
    const waits = new SignInWaits();
    const asked: { auth: string; expiresAt: number }[] = [];
    let signedIn = false;
    const outcome = runToolCall(
      call,
      tool(async () => {
        if (!signedIn) throw new SignInRequired('mcp:x', 'https://auth.example/authorize?s=1', 'x');
        return 'hello';
      }),
      scopeWith(waits, asked),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toEqual([{ auth: 'https://auth.example/authorize?s=1', expiresAt: expect.any(Number) }]);
    expect(asked[0]!.expiresAt).toBeGreaterThan(Date.now());
    signedIn = true;
    waits.settle('ann', 'mcp:x', 'signed-in');
    expect(await outcome).toEqual({ output: 'hello' });
    expect(asked[1]!.expiresAt).toBeLessThanOrEqual(Date.now());
  });

  it('fails with words when no link could be made, the sign-in is cancelled, or it is asked for again', async () => {
    const waits = new SignInWaits();
    const noLink = await runToolCall(
      call,
      tool(async () => {
        throw new SignInRequired('mcp:x', null, 'x');
      }),
      scopeWith(waits, []),
    );
    expect(noLink).toEqual({
      output: 'Error processing tool lookup: it needs you to sign in to x, and no sign-in link could be made',
    });
    const always = tool(async () => {
      throw new SignInRequired('mcp:x', 'https://auth.example/a', 'x');
    });
    const cancelled = runToolCall(call, always, scopeWith(waits, []));
    await new Promise((r) => setTimeout(r, 10));
    waits.settle('ann', 'mcp:x', 'cancelled');
    expect(await cancelled).toEqual({
      output: 'Error processing tool lookup: the sign-in to x was cancelled',
    });
    const again = runToolCall(call, always, scopeWith(waits, []));
    await new Promise((r) => setTimeout(r, 10));
    waits.settle('ann', 'mcp:x', 'signed-in');
    expect(await again).toEqual({
      output: 'Error processing tool lookup: x still asks for a sign-in after signing in',
    });
  });
});
