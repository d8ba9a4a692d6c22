import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeRunner, DEFAULT_CODE_RUN_LIMITS, forkEngine } from './code-runner.ts';
import { runCode } from './run-code.ts';

/**
 * The engines and their walls, run for real: each attack must end its run with a clear error,
 * and the runner must go on serving the next run.
 */
const limits = { ...DEFAULT_CODE_RUN_LIMITS, timeoutMs: 4000, memoryBytes: 384 * 1024 * 1024 };
const runner = new CodeRunner(limits);
afterAll(() => runner.close());

const SECRET = `parley-secret-${Date.now()}`;
process.env.PARLEY_CODE_RUN_TEST_SECRET = SECRET;
const secretDir = mkdtempSync(join(tmpdir(), 'code-run-'));
const secretFile = join(secretDir, 'secret.txt');
writeFileSync(secretFile, SECRET);

const py = (code: string) => runCode(runner, 'python', code);
const js = (code: string) => runCode(runner, 'js', code);
const slow = { timeout: 180_000 };

describe('Python (Pyodide)', () => {
  it('runs code, prints, and returns the files it writes', slow, async () => {
    const result = await py('print(6 * 7)\nwith open("report.txt", "w") as f:\n    f.write("hello")');
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe('42\n');
    expect(result.files.map((f) => [f.name, Buffer.from(f.bytes).toString()])).toEqual([
      ['report.txt', 'hello'],
    ]);
  });

  it('reports an exception with its traceback', slow, async () => {
    const result = await py('print("before")\n1 / 0');
    expect(result.stdout).toBe('before\n');
    expect(result.error).toMatch(/ZeroDivisionError: division by zero/);
  });

  it('cannot import fetch from the js module', slow, async () => {
    const result = await py('from js import fetch');
    expect(result.error).toMatch(/ImportError: cannot import name 'fetch' from 'js'/);
  });

  it('cannot fetch with pyodide.http.pyfetch', slow, async () => {
    const result = await py('import pyodide.http\nawait pyodide.http.pyfetch("http://127.0.0.1:9/")');
    expect(result.error).toMatch(/Error/);
    expect(result.error).toMatch(/fetch/i);
  });

  it('cannot read the host environment through js.process.env or os.environ', slow, async () => {
    const viaJs = await py('import js\nprint(js.process.env)');
    expect(viaJs.error).toMatch(/AttributeError: process/);
    const viaOs = await py('import os\nprint(dict(os.environ))');
    expect(viaOs.error).toBeUndefined();
    expect(viaOs.stdout).not.toContain(SECRET);
    expect(viaOs.stdout).not.toContain('PARLEY_CODE_RUN_TEST_SECRET');
  });

  it("cannot reach the Pyodide API, JavaScript's Function constructor or run_js", slow, async () => {
    const result = await py(
      [
        'def attempt(f):',
        '    try:',
        '        f()',
        '        print("reached")',
        '    except BaseException as e:',
        '        print(type(e).__name__)',
        'def api():',
        '    import pyodide_js',
        'def function():',
        '    import js',
        '    js.Object.constructor.constructor("return process")()',
        'def runjs():',
        '    from pyodide.code import run_js',
        '    run_js("globalThis.process.env")',
        'for f in (api, function, runjs): attempt(f)',
      ].join('\n'),
    );
    expect(result.stdout.trim().split('\n')).toEqual([
      'ModuleNotFoundError',
      'AttributeError',
      'ImportError',
    ]);
  });

  it('cannot open sockets or URLs', slow, async () => {
    const result = await py(
      [
        'import socket, urllib.request',
        'for target in (lambda: socket.create_connection(("127.0.0.1", 80), timeout=1), lambda: urllib.request.urlopen("http://127.0.0.1/")):',
        '    try:',
        '        target()',
        '        print("connected")',
        '    except OSError as e:',
        '        print("refused", type(e).__name__)',
      ].join('\n'),
    );
    expect(result.stdout).toBe('refused OSError\nrefused URLError\n');
  });

  it("cannot read the host's files", slow, async () => {
    const result = await py(`print(open(${JSON.stringify(secretFile)}).read())`);
    expect(result.error).toMatch(/FileNotFoundError/);
    expect(result.stdout).not.toContain(SECRET);
  });

  it("cannot see another run's files", slow, async () => {
    const first = await py('open("mine.txt", "w").write("first run")\nimport os\nprint(os.listdir("."))');
    expect(first.stdout).toContain('mine.txt');
    const second = await py('import os\nprint(os.listdir("."), os.path.exists("/mnt/data/mine.txt"))');
    expect(second.stdout).toBe('[] False\n');
  });

  it('stops an infinite loop at the wall-clock limit and runs the next code', slow, async () => {
    const looped = await py('while True:\n    pass');
    expect(looped.error).toBe('TimeoutError: the run took longer than 4 s and was stopped');
    expect((await py('print("alive")')).stdout).toBe('alive\n');
  });

  it('cannot start processes or threads (no fork bomb)', slow, async () => {
    const result = await py(
      [
        'import os, subprocess, threading',
        'for f in (os.fork, lambda: subprocess.run(["sh", "-c", "echo hi"]), lambda: threading.Thread(target=print).start()):',
        '    try:',
        '        f()',
        '        print("started")',
        '    except (OSError, RuntimeError) as e:',
        '        print(type(e).__name__)',
      ].join('\n'),
    );
    expect(result.stdout).toBe('OSError\nOSError\nRuntimeError\n');
  });

  it('ends a 4 GB allocation with a memory error', slow, async () => {
    // Four 1 GB blocks: one 4 GB bytearray is refused by 32-bit WebAssembly as an index overflow
    // before any memory is asked for, which would not test the memory limit at all.
    const result = await py('data = [bytearray(1024 ** 3) for _ in range(4)]\nprint(len(data))');
    expect(result.error).toMatch(/MemoryError/);
    expect(result.stdout).toBe('');
  });

  it('stops a run that grows past its memory limit', slow, async () => {
    const result = await py('blocks = []\nwhile True:\n    blocks.append(bytearray(16 * 1024 * 1024))');
    expect(result.error).toMatch(/MemoryError/);
  });

  it('stops 100 MB of output at the output limit', slow, async () => {
    const result = await py('chunk = "x" * 1_000_000\nfor _ in range(100):\n    print(chunk)');
    expect(result.error).toBe('OutputLimitError: the run printed more than 1 MB and was stopped');
    expect((await py('print("still here")')).stdout).toBe('still here\n');
  });
});

describe('Python from its start-up snapshot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'code-run-snapshot-'));
  const snapshotRunner = new CodeRunner(limits, true, dir);
  afterAll(() => snapshotRunner.close());
  const snapshotFile = () => readdirSync(dir).filter((name) => name.endsWith('.snapshot'));

  it(
    'makes the snapshot after the first run, and later runs start from it with the same walls',
    slow,
    async () => {
      expect(snapshotFile()).toEqual([]);
      const first = await runCode(snapshotRunner, 'python', 'print(1)');
      expect(first.stdout).toBe('1\n');
      await snapshotRunner.whenWarm('python');
      expect(snapshotFile()).toHaveLength(1);
      const result = await runCode(
        snapshotRunner,
        'python',
        [
          'import os, sys',
          'print(os.getcwd(), "pyodide_js" in sys.modules, os.environ.get("PARLEY_CODE_RUN_TEST_SECRET"))',
          'try:',
          '    from js import fetch',
          'except ImportError as e:',
          '    print("no fetch")',
          'import js',
          'print(hasattr(js, "process"))',
          'with open("from-snapshot.txt", "w") as f:',
          '    f.write("ok")',
        ].join('\n'),
      );
      expect(result.error).toBeUndefined();
      expect(result.stdout).toBe('/mnt/data False None\nno fetch\nFalse\n');
      expect(result.files.map((f) => f.name)).toEqual(['from-snapshot.txt']);
      // A run's files do not reach the next run started from the same snapshot.
      await snapshotRunner.whenWarm('python');
      const next = await runCode(snapshotRunner, 'python', 'import os\nprint(os.listdir("."))');
      expect(next.stdout).toBe('[]\n');
    },
  );

  it('falls back to a full load when the snapshot is damaged', slow, async () => {
    const [name] = snapshotFile();
    writeFileSync(join(dir, name!), 'not a snapshot');
    const damaged = new CodeRunner(limits, false, dir);
    try {
      const result = await runCode(damaged, 'python', 'print(6 * 7)');
      expect(result.error).toBeUndefined();
      expect(result.stdout).toBe('42\n');
    } finally {
      damaged.close();
    }
  });
});

describe('a run nobody stops', () => {
  // The server stops a run by killing its process at the time limit; a run whose server died
  // (killed, crashed) was found still looping half an hour later. The run process stops a looping
  // run itself a little after its limit, with nobody to stop it, in both languages.
  for (const [language, code, error] of [
    ['python', 'while True:\n    pass', /KeyboardInterrupt/],
    ['javascript', 'while (true) {}', /interrupted/i],
  ] as const) {
    it(`stops a looping ${language} run by itself a little after its time limit`, slow, async () => {
      const child = forkEngine(language, limits, null);
      try {
        await new Promise<void>((resolve) =>
          child.on('message', (m: { type?: string }) => m.type === 'ready' && resolve()),
        );
        const started = Date.now();
        const answer = new Promise<{ error?: string }>((resolve) =>
          child.on('message', (m: { type?: string; error?: string }) => m.type === 'result' && resolve(m)),
        );
        child.send({ type: 'run', code, limits: { ...limits, timeoutMs: 300 } });
        const result = await answer;
        expect(result.error).toMatch(error);
        expect(Date.now() - started).toBeLessThan(20_000);
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});

describe('JavaScript and TypeScript (QuickJS)', () => {
  it('runs JavaScript with console output and settled promises', slow, async () => {
    const result = await js(
      'console.log(1 + 1, { a: [1, 2] });\nPromise.resolve(3).then((n) => console.error("later", n));',
    );
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe('2 {"a":[1,2]}\n');
    expect(result.stderr).toBe('later 3\n');
  });

  it('runs TypeScript after stripping its types, and reports its syntax errors', slow, async () => {
    const ok = await runCode(
      runner,
      'ts',
      'const n: number = 5;\ninterface P { x: number }\nconst p: P = { x: n };\nconsole.log(p.x * 2);',
    );
    expect(ok.stdout).toBe('10\n');
    const bad = await runCode(runner, 'typescript', 'const = ;');
    expect(bad.error).toMatch(/^SyntaxError: 1:6:/);
  });

  it('has no network, process or host modules: require offers only the run folder', slow, async () => {
    const result = await js(
      'console.log(typeof fetch, typeof process, typeof XMLHttpRequest, typeof WebSocket, typeof std, typeof os, typeof __runFiles);',
    );
    expect(result.stdout).toBe('undefined undefined undefined undefined undefined undefined undefined\n');
    const call = await js('fetch("http://127.0.0.1/")');
    expect(call.error).toMatch(/ReferenceError: 'fetch' is not defined/);
    for (const name of ['child_process', 'net', 'http', 'os', 'path', 'worker_threads']) {
      const loaded = await js(`require(${JSON.stringify(name)})`);
      expect(loaded.error).toMatch(
        new RegExp(`Cannot find module '${name}': code runs here offer only 'fs'`),
      );
    }
  });

  it('returns the files it writes under /mnt/data, text and bytes, in folders', slow, async () => {
    const result = await js(
      [
        "const fs = require('fs');",
        "fs.writeFileSync('report.txt', 'héllo');",
        "fs.appendFileSync('/mnt/data/report.txt', ' world');",
        "fs.mkdirSync('charts/2026', { recursive: true });",
        "fs.writeFileSync('charts/2026/data.bin', new Uint8Array([0, 1, 255]));",
        "fs.writeFileSync('gone.txt', 'x'); fs.unlinkSync('gone.txt');",
        "console.log(fs.readFileSync('report.txt', 'utf8'), fs.readdirSync('.').join(','), fs.existsSync('gone.txt'));",
        "console.log(Array.from(fs.readFileSync('charts/2026/data.bin')).join(' '));",
        "require('fs/promises').writeFile('later.txt', 'async').then(() => console.log('written'));",
        "fs.writeFileSync('nul.txt', 'x\\u0000y');",
      ].join('\n'),
    );
    expect(result.error).toBeUndefined();
    expect(result.stdout).toBe('héllo world charts,report.txt false\n0 1 255\nwritten\n');
    expect(result.files.map((f) => [f.name, [...f.bytes]])).toEqual([
      ['report.txt', [...Buffer.from('héllo world')]],
      ['charts/2026/data.bin', [0, 1, 255]],
      ['later.txt', [...Buffer.from('async')]],
      ['nul.txt', [120, 0, 121]],
    ]);
  });

  it(
    'keeps writes and reads inside /mnt/data: traversal, other folders and bad paths fail',
    slow,
    async () => {
      const attempts = [
        "fs.writeFileSync('../escape.txt', 'x')",
        "fs.writeFileSync('/mnt/data/../../etc/passwd', 'x')",
        "fs.writeFileSync('/tmp/x.txt', 'x')",
        `fs.readFileSync(${JSON.stringify(secretFile)}, 'utf8')`,
        "fs.readFileSync('/etc/passwd', 'utf8')",
        "fs.readdirSync('/')",
        "fs.writeFileSync('a\\u0000b', 'x')",
        'fs.writeFileSync(42, "x")',
        "fs.writeFileSync('missing/dir/file.txt', 'x')",
        "fs.writeFileSync('.', 'x')",
      ];
      for (const attempt of attempts) {
        const result = await js(`const fs = require('fs');\n${attempt};\nconsole.log('reached');`);
        expect(result.stdout, attempt).toBe('');
        expect(result.error, attempt).toMatch(/EACCES|EINVAL|ENOENT|EISDIR/);
        expect(result.files, attempt).toEqual([]);
      }
      // `..` that stays inside is an ordinary path, and there is no way to make a link.
      const inside = await js(
        "const fs = require('fs'); fs.mkdirSync('a'); fs.writeFileSync('a/../b.txt', 'ok'); console.log(typeof fs.symlinkSync, typeof fs.linkSync);",
      );
      expect(inside.stdout).toBe('undefined undefined\n');
      expect(inside.files.map((f) => f.name)).toEqual(['b.txt']);
    },
  );

  it("cannot see another run's files", slow, async () => {
    await js("require('fs').writeFileSync('mine.txt', 'private')");
    const other = await js(
      "const fs = require('fs'); console.log(fs.existsSync('mine.txt'), fs.readdirSync('.').length);",
    );
    expect(other.stdout).toBe('false 0\n');
    expect(other.files).toEqual([]);
  });

  it('refuses too many files and too large files, keeping what fit', slow, async () => {
    const many = await js(
      "const fs = require('fs'); for (let i = 0; i < 11; i++) fs.writeFileSync('f' + i + '.txt', String(i));",
    );
    expect(many.error).toMatch(/A run may return at most 10 files/);
    expect(many.files).toHaveLength(10);
    const large = await js(
      "const fs = require('fs'); fs.writeFileSync('small.txt', 'ok'); fs.writeFileSync('big.bin', new Uint8Array(11 * 1024 * 1024));",
    );
    expect(large.error).toMatch(/at most 10 MB each and 20 MB together/);
    expect(large.files.map((f) => f.name)).toEqual(['small.txt']);
    const growing = await js(
      "const fs = require('fs'); const mb = 'z'.repeat(1024 * 1024); for (let i = 0; i < 30; i++) fs.appendFileSync('grow.txt', mb);",
    );
    expect(growing.error).toMatch(/at most 10 MB each/);
    expect(growing.files.map((f) => [f.name, f.bytes.length])).toEqual([['grow.txt', 10 * 1024 * 1024]]);
    const together = await js(
      "const fs = require('fs'); for (let i = 0; i < 3; i++) fs.writeFileSync('part' + i, new Uint8Array(8 * 1024 * 1024));",
    );
    expect(together.error).toMatch(/20 MB together/);
    expect(together.files.map((f) => f.name)).toEqual(['part0', 'part1']);
  });

  it('stops an infinite loop at the wall-clock limit', slow, async () => {
    const result = await js('for (;;) {}');
    expect(result.error).toBe('TimeoutError: the run took longer than 4 s and was stopped');
  });

  it('ends a 4 GB allocation with a memory error', slow, async () => {
    const result = await js('const big = new ArrayBuffer(4 * 1024 ** 3); console.log(big.byteLength);');
    expect(result.error).toMatch(/RangeError|MemoryError|out of memory/i);
    expect(result.stdout).toBe('');
  });

  it('stops 100 MB of output at the output limit', slow, async () => {
    const result = await js(
      'const line = "y".repeat(1000000); for (let i = 0; i < 100; i++) console.log(line);',
    );
    expect(result.error).toBe('OutputLimitError: the run printed more than 1 MB and was stopped');
  });
});

describe('languages', () => {
  it('refuses the spec languages it has no engine for, and unknown ones', async () => {
    await expect(runCode(runner, 'rust', 'fn main() {}')).rejects.toThrow(
      'Running rust code is not supported here: this server runs Python, JavaScript and TypeScript.',
    );
    await expect(runCode(runner, 'cobol', 'DISPLAY 1')).rejects.toThrow(/Unknown language "cobol"/);
  });
});
