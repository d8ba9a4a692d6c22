import type { ParleyFile, SavedToolCall, ToolCallResult } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import type { TestUser } from '../helpers/test-users.ts';

/**
 * The Run button's calls: GET /api/agents/tools/execute_code/auth and
 * POST /api/agents/tools/execute_code/call, against the real engines.
 */
describe('code execution API', () => {
  let chat: ChatFixture;
  let alice: TestUser;
  let bob: TestUser;
  let conversationId: string;
  let messageId: string;
  const slow = { timeout: 180_000 };

  const call = (user: TestUser, json: unknown, toolId = 'execute_code') =>
    chat.server.api(`/api/agents/tools/${toolId}/call`, { method: 'POST', token: user.token, json });
  const body = (extra: Record<string, unknown> = {}) => ({
    partIndex: 0,
    blockIndex: 0,
    conversationId,
    messageId,
    lang: 'python',
    code: 'print(1)',
    ...extra,
  });
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  beforeAll(async () => {
    chat = await startChatFixture();
    ({ alice, bob } = chat);
    chat.server.ctx.codeRunner.warmUp('python');
    const stream = await chat.send({ text: 'write some code' });
    const final = (await stream.rest()).find((e) => e.data?.final);
    conversationId = final!.data.conversation.conversationId as string;
    messageId = final!.data.responseMessage.messageId as string;
  }, 120_000);
  afterAll(() => chat.stop());

  it('says the built-in engine needs no key', async () => {
    const res = await chat.server.api('/api/agents/tools/execute_code/auth', { token: alice.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true, message: 'system_defined' });
    const unknown = await chat.server.api('/api/agents/tools/no_such_tool/auth', { token: alice.token });
    expect(unknown.status).toBe(404);
    const anonymous = await chat.server.api('/api/agents/tools/execute_code/auth');
    expect(anonymous.status).toBe(401);
  });

  it('lists execute_code among the tools, with the offline stdlib-only note', async () => {
    const res = await chat.server.api('/api/agents/tools', { token: alice.token });
    const tool = ((await res.json()) as { pluginKey: string; description: string }[]).find(
      (t) => t.pluginKey === 'execute_code',
    );
    expect(tool?.description).toMatch(/standard library only: no numpy/);
  });

  it('runs Python for a message of the caller, returns its files and saves the call', slow, async () => {
    const res = await call(
      alice,
      body({
        code: 'print("sum", 2 + 3)\nwith open("table.csv", "w") as f:\n    f.write("a,b\\n1,2\\n")',
        blockIndex: 2,
      }),
    );
    expect(res.status).toBe(200);
    const answer = (await res.json()) as ToolCallResult;
    expect(answer.result).toBe('stdout:\nsum 5\n\nGenerated files:\n- /mnt/data/table.csv');
    expect(answer.attachments).toHaveLength(1);
    const file = answer.attachments[0] as ParleyFile;
    expect(file).toMatchObject({ filename: 'table.csv', bytes: 8, conversationId, user: alice.id });
    const download = await chat.server.api(file.filepath, { token: alice.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('a,b\n1,2\n');
    const stolen = await chat.server.api(file.filepath, { token: bob.token });
    expect(stolen.status).toBe(404);

    const calls = await chat.server.api(`/api/agents/tools/calls?conversationId=${conversationId}`, {
      token: alice.token,
    });
    const saved = (await calls.json()) as SavedToolCall[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      toolId: 'execute_code',
      messageId,
      blockIndex: 2,
      result: answer.result,
    });
  });

  it('runs JavaScript and TypeScript by their short names', slow, async () => {
    for (const [lang, code] of [
      ['js', 'console.log([1, 2, 3].map((n) => n * 2).join(","))'],
      ['node', 'console.log([1, 2, 3].map((n) => n * 2).join(","))'],
      ['ts', 'const xs: number[] = [1, 2, 3];\nconsole.log(xs.map((n): number => n * 2).join(","));'],
    ]) {
      const res = await call(alice, body({ lang, code }));
      expect(res.status, lang).toBe(200);
      expect(((await res.json()) as ToolCallResult).result).toBe('stdout:\n2,4,6');
    }
  });

  it(
    "returns the files a TypeScript run writes as the caller's attachments, names reduced",
    slow,
    async () => {
      const res = await call(
        alice,
        body({
          lang: 'ts',
          code: [
            "const fs = require('fs');",
            "const rows: string[] = ['a,b', '1,2'];",
            "fs.writeFileSync('/mnt/data/table.csv', rows.join('\\n'));",
            "fs.mkdirSync('<odd>:dir');",
            "fs.writeFileSync('<odd>:dir/..hidden|name?.txt', 'odd');",
          ].join('\n'),
        }),
      );
      expect(res.status).toBe(200);
      const answer = (await res.json()) as ToolCallResult;
      expect(answer.result).toBe('Generated files:\n- /mnt/data/table.csv\n- /mnt/data/..hidden_name_.txt');
      const [table, odd] = answer.attachments as ParleyFile[];
      expect(table).toMatchObject({ filename: 'table.csv', bytes: 7, conversationId, user: alice.id });
      // The run's path is metadata only: the stored name is its last part in plain characters.
      expect(odd).toMatchObject({ filename: '..hidden_name_.txt', bytes: 3 });
      const download = await chat.server.api(table!.filepath, { token: alice.token });
      expect(await download.text()).toBe('a,b\n1,2');
      expect((await chat.server.api(table!.filepath, { token: bob.token })).status).toBe(404);
    },
  );

  it('answers a failed run with its error and keeps serving', slow, async () => {
    const res = await call(alice, body({ code: 'import js\njs.process.env' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as ToolCallResult).result).toMatch(
      /^error:\nTraceback[\s\S]*AttributeError: process/,
    );
    const health = await chat.server.api('/health');
    expect(health.status).toBe(200);
  });

  it('refuses languages it cannot run, with "not supported here"', async () => {
    const res = await call(alice, body({ lang: 'rust', code: 'fn main() {}' }));
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(
      'Running rust code is not supported here: this server runs Python, JavaScript and TypeScript.',
    );
    const unknown = await call(alice, body({ lang: 'klingon' }));
    expect(unknown.status).toBe(400);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [body({ code: 42 }), /code/],
      [body({ code: '   ' }), /code is required/],
      [body({ code: 'x'.repeat(100_001) }), /code is at most 100000 characters/],
      [body({ lang: '' }), /lang is required/],
      [body({ lang: 'p'.repeat(41) }), /lang is too long/],
      [body({ blockIndex: -1 }), /blockIndex/],
      [body({ partIndex: 1.5 }), /partIndex/],
      [body({ conversationId: undefined }), /conversationId is required/],
      ['not json', /./],
    ];
    for (const [json, wording] of cases) {
      const res = await call(alice, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(await message(res)).toMatch(wording);
    }
  });

  it("refuses a message that is not the caller's, or does not exist", async () => {
    const res = await call(bob, body());
    expect(res.status).toBe(404);
    const missing = await call(alice, body({ messageId: 'no-such-message' }));
    expect(missing.status).toBe(404);
    const elsewhere = await call(alice, body({ conversationId: 'another-conversation' }));
    expect(elsewhere.status).toBe(404);
  });

  it('only runs execute_code from a message', async () => {
    const res = await call(alice, body(), 'file_search');
    expect(res.status).toBe(404);
  });

  it('answers 403 without RUN_CODE.USE', async () => {
    await updateRolePermissions(chat.server.ctx.db, 'USER', 'RUN_CODE', { USE: false });
    try {
      const res = await call(alice, body());
      expect(res.status).toBe(403);
      expect(await message(res)).toBe('You do not have permission to run code.');
    } finally {
      await updateRolePermissions(chat.server.ctx.db, 'USER', 'RUN_CODE', { USE: true });
    }
  });
});

describe('code execution turned off in parley.yaml', () => {
  it('answers 403 to a run and /api/config says runCode false', async () => {
    const { startTestServer } = await import('../helpers/test-server.ts');
    const { createTestUser } = await import('../helpers/test-users.ts');
    const server = await startTestServer({ yaml: 'version: 1.2.1\ninterface:\n  runCode: false\n' });
    try {
      const user = await createTestUser(server);
      const res = await server.api('/api/agents/tools/execute_code/call', {
        method: 'POST',
        token: user.token,
        json: { conversationId: 'c', messageId: 'm', lang: 'py', code: 'print(1)' },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Running code is turned off on this server.',
      );
      const config = (await (await server.api('/api/config')).json()) as { interface: { runCode: boolean } };
      expect(config.interface.runCode).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
