// What users run, under test: the compiled server (scripts/server-build.mjs) started as `npm start`
// starts it once its builds are fresh (scripts/run-server.mjs with the same environment and V8
// flag), on a temporary DATA_DIR and an ephemeral port, once for the whole file. The API suite
// runs the TypeScript sources in-process, so this file reaches every worker thread and child
// process the compiled server starts, by the paths the bundle finds them at: the embedded
// database's thread (every request), document reading, OCR, token counting, code runs in Pyodide and
// QuickJS, an MCP stdio server it supervises, and a backup asked of it through its admin socket.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSimulator, type ReceivedRequest, type SimServer } from '@parley/llm-sim';
import { NO_PARENT, type ToolCallResult } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { buildServerIfStale, SERVER_DIST } from '../../../../scripts/server-build.mjs';
import {
  DEFAULT_EXTRACT_LIMITS,
  extractDocumentText,
  type ExtractedKind,
} from '../../src/services/files/document-extract.ts';
import { OcrEngine } from '../../src/services/files/ocr-engine.ts';
import { ocrReadyImage } from '../../src/services/files/ocr-image.ts';
import { resolveOcrSettings } from '../../src/services/files/ocr-settings.ts';
import { openStream } from '../chat/sse-client.ts';
import { scannedPdf, textPicture } from '../files/scan-fixtures.ts';
import {
  docxDocument,
  epubDocument,
  odfDocument,
  pdfDocument,
  pptxDocument,
  rtfDocument,
  xlsxDocument,
} from '../files/document-fixtures.ts';
import { jsonOf, uploadFile } from '../files/file-fixtures.ts';
import { freePort } from '../helpers/free-port.ts';
import { apiClient, type ApiClient } from '../helpers/test-server.ts';
import {
  ADMIN,
  childProcesses,
  isRunning,
  launchCompiledServer,
  NPM_START_ENV,
  RUN_SERVER,
  waitFor,
  watch,
  type Launched,
} from './compiled-server.ts';

const STDIO_MCP_SERVER = new URL('../mcp/fixtures/stdio-server.mjs', import.meta.url).pathname;
const PASSWORD = 'correct horse battery';
/** Words every document below holds, so one file search finds them all. */
const SHARED_WORDS = 'Compiled reading check';

/** One document of each readable kind, each with a marker word no other holds. */
const DOCUMENTS: { name: string; type: string; bytes: Buffer; marker: string; kind?: ExtractedKind }[] = [
  {
    name: 'ledger.pdf',
    type: 'application/pdf',
    kind: 'pdf',
    marker: 'quartzpelican',
    bytes: pdfDocument([`${SHARED_WORDS}: the PDF marker is quartzpelican.`, 'A second page.']),
  },
  {
    name: 'minutes.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'docx',
    marker: 'basaltheron',
    bytes: docxDocument([`${SHARED_WORDS}: the Word marker is basaltheron.`, 'Another paragraph.']),
  },
  {
    name: 'berths.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'xlsx',
    marker: 'cobaltmarmot',
    bytes: xlsxDocument([
      { name: 'Berths', rows: [[SHARED_WORDS], ['spreadsheet marker', 'cobaltmarmot', 7]] },
    ]),
  },
  {
    name: 'works.pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    kind: 'pptx',
    marker: 'amberlynx',
    bytes: pptxDocument([{ paragraphs: [[SHARED_WORDS]], notes: 'The presentation marker is amberlynx.' }]),
  },
  {
    name: 'tides.csv',
    type: 'text/csv',
    marker: 'ochreibis',
    bytes: Buffer.from(`check,marker\n${SHARED_WORDS},ochreibis\n`),
  },
  {
    name: 'harbour.html',
    type: 'text/html',
    marker: 'jadeotter',
    bytes: Buffer.from(
      `<!doctype html><html><body><p>${SHARED_WORDS}: the page marker is jadeotter.</p></body></html>`,
    ),
  },
  {
    name: 'notes.md',
    type: 'text/markdown',
    marker: 'tealbadger',
    bytes: Buffer.from(`# Notes\n\n${SHARED_WORDS}: the Markdown marker is tealbadger.\n`),
  },
  {
    name: 'letter.odt',
    type: 'application/vnd.oasis.opendocument.text',
    kind: 'odt',
    marker: 'garnetwalrus',
    bytes: odfDocument('text', `<text:p>${SHARED_WORDS}: the ODT marker is garnetwalrus.</text:p>`),
  },
  {
    name: 'stock.ods',
    type: 'application/vnd.oasis.opendocument.spreadsheet',
    kind: 'ods',
    marker: 'copperbison',
    bytes: odfDocument(
      'spreadsheet',
      '<table:table table:name="Stock"><table:table-row>' +
        `<table:table-cell><text:p>${SHARED_WORDS}</text:p></table:table-cell>` +
        '<table:table-cell><text:p>copperbison</text:p></table:table-cell></table:table-row></table:table>',
    ),
  },
  {
    name: 'plan.odp',
    type: 'application/vnd.oasis.opendocument.presentation',
    kind: 'odp',
    marker: 'silvergecko',
    bytes: odfDocument(
      'presentation',
      `<draw:page draw:name="p1"><draw:frame><draw:text-box><text:p>${SHARED_WORDS}: the ODP marker is silvergecko.</text:p></draw:text-box></draw:frame></draw:page>`,
    ),
  },
  {
    name: 'logbook.epub',
    type: 'application/epub+zip',
    kind: 'epub',
    marker: 'ivorycrane',
    bytes: epubDocument([{ title: 'Log', paragraphs: [`${SHARED_WORDS}: the EPUB marker is ivorycrane.`] }]),
  },
  {
    name: 'memo.rtf',
    type: 'application/rtf',
    kind: 'rtf',
    marker: 'rubyfalcon',
    bytes: rtfDocument([`${SHARED_WORDS}: the RTF marker is rubyfalcon.`]),
  },
  {
    name: 'crews.tsv',
    type: 'text/tab-separated-values',
    marker: 'onyxmantis',
    bytes: Buffer.from(`check\tmarker\n${SHARED_WORDS}\tonyxmantis\n`),
  },
  {
    name: 'config.json',
    type: 'application/json',
    marker: 'pearlnewt',
    bytes: Buffer.from(JSON.stringify({ check: SHARED_WORDS, marker: 'pearlnewt' })),
  },
  {
    name: 'feed.xml',
    type: 'application/xml',
    marker: 'cedarvole',
    bytes: Buffer.from(`<?xml version="1.0"?><feed><check>${SHARED_WORDS}</check><m>cedarvole</m></feed>`),
  },
  {
    name: 'deploy.yaml',
    type: 'application/x-yaml',
    marker: 'mossyak',
    bytes: Buffer.from(`check: ${SHARED_WORDS}\nmarker: mossyak\n`),
  },
  {
    name: 'tally.py',
    type: 'text/x-python',
    marker: 'saffronkoala',
    bytes: Buffer.from(`# ${SHARED_WORDS}\ndef marker():\n    return "saffronkoala"\n`),
  },
  {
    name: 'readme.txt',
    type: 'text/plain',
    marker: 'umberquail',
    bytes: Buffer.from(`${SHARED_WORDS}: the plain text marker is umberquail.\n`),
  },
];
/** The first documents, few enough for one file search to return a passage of each. */
const SEARCHED = DOCUMENTS.slice(0, 7);

describe('the compiled server, started as npm start starts it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-prod-'));
  const received: ReceivedRequest[] = [];
  let sim: SimServer;
  let port: number;
  let env: Record<string, string>;
  let parent: Launched;
  let serverPid: number;
  let server: ApiClient;
  let ann: { id: string; token: string };

  beforeAll(async () => {
    await buildServerIfStale();
    sim = await startSimulator({ onRequest: (request) => void received.push(request) });
    port = await freePort();
    const config = join(dataDir, 'parley.yaml');
    writeFileSync(
      config,
      [
        'version: 1.2.8',
        'endpoints:',
        '  custom:',
        '    - name: Sim',
        '      apiKey: sk-test',
        `      baseURL: ${sim.url}/v1`,
        '      models: { default: [echo, file-search] }',
        // The echo of a long message is streamed at once, not at a reader's pace.
        "      headers: { x-sim-tokens-per-second: '100000' }",
        'mcpServers:',
        `  local: { command: "${process.execPath}", args: ["${STDIO_MCP_SERVER}"] }`,
        'ocr:',
        '  strategy: local_tesseract',
      ].join('\n'),
    );
    env = {
      ...(process.env as Record<string, string>),
      ...NPM_START_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONFIG_PATH: config,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Each request's log line (with its id) is written at debug.
      LOG_LEVEL: 'debug',
    };
    ({ parent, serverPid } = await launchCompiledServer(env, port));
    server = { api: apiClient(`http://127.0.0.1:${port}`) };
    const account = { name: 'Ann Compiled', email: 'ann@example.com', password: PASSWORD };
    const registered = await server.api('/api/auth/register', {
      method: 'POST',
      json: { ...account, confirm_password: PASSWORD },
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const login = (await jsonOf(
      await server.api('/api/auth/login', {
        method: 'POST',
        json: { email: account.email, password: PASSWORD },
      }),
    )) as { token: string; user: { id: string } };
    ann = { id: login.user.id, token: login.token };
  }, 150_000);

  afterAll(async () => {
    if (serverPid && isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (parent?.child.exitCode === null) parent.child.kill('SIGKILL');
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends one chat message to the Sim endpoint and reads its stream to the end. */
  async function chat(json: Record<string, unknown>) {
    const stream = await openStream(server, '/api/agents/chat/Sim', {
      token: ann.token,
      json: { parentMessageId: NO_PARENT, conversationId: null, endpoint: 'Sim', model: 'echo', ...json },
    });
    const events = await stream.rest();
    expect(stream.response.status, JSON.stringify(events)).toBe(200);
    const final = events.find((e) => e.data?.final)?.data as
      | { conversation: { conversationId: string }; responseMessage: { messageId: string; text: string } }
      | undefined;
    expect(final, JSON.stringify(events.slice(-3))).toBeDefined();
    return final!;
  }

  it('writes JSON log lines off a terminal, each request with an id that its error answer repeats', async () => {
    const res = await server.api('/api/no-such-route');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { requestId: string };
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(body.requestId);
    await waitFor(() => parent.output().includes(body.requestId), 10_000, 'the request in the log');
    const lines = parent
      .output()
      .split('\n')
      .filter((l) => l.includes(body.requestId));
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: body.requestId });
  });

  it('reads PDF, office, OpenDocument, EPUB and RTF files with the document thread it ships, exactly as the sources do', async () => {
    const shipped = pathToFileURL(join(SERVER_DIST, 'document-extract-worker.mjs'));
    for (const doc of DOCUMENTS.filter((d) => d.kind)) {
      const path = join(dataDir, `compare-${doc.name}`);
      writeFileSync(path, doc.bytes);
      const read = (worker?: URL) =>
        extractDocumentText(path, doc.kind!, doc.bytes.length, DEFAULT_EXTRACT_LIMITS, worker);
      const [fromSource, fromDist] = await Promise.all([read(), read(shipped)]);
      expect(fromDist, doc.name).toEqual(fromSource);
      expect(fromDist.text, doc.name).toContain(doc.marker);
    }
  });

  it('reads every readable type it is sent: each one’s text reaches the model, and file search finds it', async () => {
    const files: { file_id: string }[] = [];
    await Promise.all(
      DOCUMENTS.map(async (doc, i) => {
        const res = await uploadFile(server, ann, doc.bytes, doc.name, {
          type: doc.type,
          fields: { endpoint: 'Sim' },
        });
        const body = await jsonOf(res);
        expect(res.status, `${doc.name}: ${JSON.stringify(body)}`).toBe(201);
        expect(body, doc.name).toMatchObject({ filename: doc.name, type: doc.type, embedded: true });
        files[i] = { file_id: body.file_id };
      }),
    );
    // Attached to a message, every document is given to the model as text (two messages: one
    // takes at most the default ten files).
    received.length = 0;
    const half = Math.ceil(files.length / 2);
    for (const part of [files.slice(0, half), files.slice(half)])
      await chat({ text: `${SHARED_WORDS}: what do the files say?`, files: part });
    const given = JSON.stringify(received.map((r) => r.body));
    for (const doc of DOCUMENTS) expect(given, doc.name).toContain(doc.marker);

    // Uploaded for file search, the same documents are searched rather than given whole.
    const forSearch = await Promise.all(
      SEARCHED.map(async (doc) => {
        const res = await uploadFile(server, ann, doc.bytes, doc.name, {
          type: doc.type,
          fields: { endpoint: 'Sim', tool_resource: 'file_search' },
        });
        expect(res.status, doc.name).toBe(201);
        return { file_id: (await jsonOf(res)).file_id as string };
      }),
    );
    received.length = 0;
    const final = await chat({
      model: 'file-search',
      text: SHARED_WORDS,
      files: forSearch,
      ephemeralAgent: { file_search: true },
    });
    // The search's result went back to the model: every document's own text is in it.
    const sent = JSON.stringify(received.map((r) => r.body));
    for (const doc of SEARCHED) expect(sent, doc.name).toContain(doc.marker);
    expect(final.responseMessage.text).toMatch(new RegExp(`^I found ${SEARCHED.length} matching passages`));
  });

  it('reads pictures and scanned PDF pages with the OCR thread and language data it ships, offline', async () => {
    // The thread shipped in dist reads the same text as the source's.
    const picture = textPicture(['Compiled servers read MARKER OCR 6620']);
    const ready = await ocrReadyImage(picture);
    const settings = resolveOcrSettings({ strategy: 'local_tesseract' })!;
    const shipped = pathToFileURL(join(SERVER_DIST, 'ocr-worker.mjs'));
    const [fromSource, fromDist] = await Promise.all([
      new OcrEngine(settings).read([ready]),
      new OcrEngine(settings, undefined, shipped).read([ready]),
    ]);
    expect(fromDist).toEqual(fromSource);
    const flat = (text: string) => text.replace(/\\n|\s+/g, ' ');
    expect(flat(fromDist[0]!)).toContain('MARKER OCR 6620');

    const uploaded = await Promise.all(
      [
        { bytes: picture, name: 'board.png', type: 'image/png', fields: { tool_resource: 'ocr' } },
        {
          bytes: scannedPdf([{ text: 'Typed page' }, { scan: ['Scanned page names MARKER SCAN 7741'] }]),
          name: 'scan.pdf',
          type: 'application/pdf',
          fields: {} as Record<string, string>,
        },
      ].map(async (doc) => {
        const res = await uploadFile(server, ann, doc.bytes, doc.name, {
          type: doc.type,
          fields: { endpoint: 'Sim', ...doc.fields },
        });
        const body = await jsonOf(res);
        expect(res.status, `${doc.name}: ${JSON.stringify(body)}`).toBe(201);
        return { file_id: body.file_id as string };
      }),
    );
    received.length = 0;
    await chat({ text: 'What do the board and the scan say?', files: uploaded });
    const given = flat(JSON.stringify(received.map((r) => r.body)));
    expect(given).toContain('MARKER OCR 6620');
    expect(given).toContain('MARKER SCAN 7741');
    const endpoints = await jsonOf(await server.api('/api/endpoints', { token: ann.token }));
    expect(endpoints.agents.capabilities).toContain('ocr');
  });

  it('counts a long message’s tokens on its token-count thread, for a chat and for the tokenizer', async () => {
    // Past 4,000 characters the count leaves the event loop for the thread.
    const long = Array.from({ length: 200 }, (_, i) => `line ${i} of the long message`).join('\n');
    expect(long.length).toBeGreaterThan(4_000);
    const final = await chat({ text: long });
    expect(final.responseMessage.text).toContain('line 199 of the long message');
    const counted = await server.api('/api/tokenizer', {
      method: 'POST',
      token: ann.token,
      json: { arg: long },
    });
    expect(counted.status).toBe(200);
    const { count } = (await counted.json()) as { count: number };
    // About seven tokens a line; a wrong tokenizer or a character count would be far off.
    expect(count).toBeGreaterThan(200 * 5);
    expect(count).toBeLessThan(200 * 10);
  });

  it('runs Python in Pyodide and JavaScript in QuickJS through the Run button’s call', async () => {
    // The Run button runs a code block of an answer: the runs belong to this one.
    const final = await chat({ text: 'print the sums' });
    const answer = {
      conversationId: final.conversation.conversationId,
      messageId: final.responseMessage.messageId,
    };
    const run = async (lang: string, code: string) => {
      const res = await server.api('/api/agents/tools/execute_code/call', {
        method: 'POST',
        token: ann.token,
        json: { partIndex: 0, blockIndex: 0, ...answer, lang, code },
      });
      const body = (await res.json()) as ToolCallResult;
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.result;
    };
    const [python, javascript] = await Promise.all([
      run('python', 'print("python", sum(range(7)))'),
      run('javascript', 'console.log("javascript", [1, 2, 3].reduce((a, b) => a + b))'),
    ]);
    expect(python).toBe('stdout:\npython 21');
    expect(javascript).toBe('stdout:\njavascript 6');
  }, 120_000);

  it('supervises an MCP server over stdio: connected, its tools listed, started again when it dies', async () => {
    const status = async () =>
      (
        (await (await server.api('/api/mcp/connection/status', { token: ann.token })).json()) as {
          connectionStatus: Record<string, { connectionState: string }>;
        }
      ).connectionStatus.local?.connectionState;
    await waitFor(async () => (await status()) === 'connected', 20_000, 'the MCP server to connect');
    const tools = (await (await server.api('/api/agents/tools', { token: ann.token })).json()) as {
      pluginKey: string;
    }[];
    expect(tools.map((t) => t.pluginKey)).toEqual(
      expect.arrayContaining(['echo_mcp_local', 'add_mcp_local']),
    );
    const mcpProcesses = async () =>
      (await childProcesses(serverPid)).filter((p) => p.command.includes(STDIO_MCP_SERVER)).map((p) => p.pid);
    const [first] = await mcpProcesses();
    expect(first).toBeDefined();
    // The server it started dies: the supervisor starts another (after a second's back-off).
    process.kill(first!, 'SIGKILL');
    await waitFor(
      async () => {
        const now = await mcpProcesses();
        return now.length === 1 && now[0] !== first && (await status()) === 'connected';
      },
      20_000,
      'a new MCP server process, connected, in place of the one that died',
    );
  });

  it('writes a backup asked for with `npm run admin -- backup` through its admin socket', async () => {
    const archive = join(dataDir, 'backup.tar.gz');
    // Every stored file the tests above left (uploads, and the text OCR kept beside a picture).
    const stored = readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    ).length;
    expect(stored).toBeGreaterThanOrEqual(DOCUMENTS.length + SEARCHED.length);
    const admin = watch(
      spawn(process.execPath, [ADMIN, 'backup', archive], {
        env: { ...env, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(await admin.exited, admin.output()).toBe(0);
    expect(admin.output()).toMatch(
      new RegExp(`Backup written to .*backup\\.tar\\.gz: database [\\d.]+ MB, ${stored} files`),
    );
    expect(existsSync(archive) && statSync(archive).size).toBeGreaterThan(0);
    expect((await server.api('/health/ready')).status).toBe(200);
  }, 60_000);

  it('refuses a second start on the same DATA_DIR at once, naming the process that holds it', async () => {
    const second = watch(
      spawn(process.execPath, [RUN_SERVER], {
        env: { ...env, PORT: String(await freePort()) },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const started = Date.now();
    expect(await second.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(second.output()).toContain(`is in use by another Parley process (pid ${serverPid}`);
    // The first server did not notice.
    expect((await server.api('/health')).ok).toBe(true);
  }, 30_000);

  // Last: it ends the server the tests above share.
  it('stops when the process that started it is killed, even with SIGKILL', async () => {
    parent.child.kill('SIGKILL');
    await parent.exited;
    await waitFor(() => !isRunning(serverPid), 20_000, 'the server to stop');
  }, 30_000);
});
