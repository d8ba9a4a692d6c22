// One code run's process. The server forks this file with an empty environment under Node's
// permission model (read access to the engine packages only, no writes, no child processes, no
// workers) and with code generation from strings turned off, so nothing the guest reaches can
// compile new host JavaScript (no `Function("return import('node:net')")`). Plain JavaScript:
// it starts without the TypeScript loader, which would need read access to the whole tree.
//
// Life of a process: it loads its engine (Pyodide or QuickJS) as soon as it starts and says
// `ready`, so a spare can wait pre-loaded; the first `run` message locks the host's globals away,
// runs the code once, answers `result` and exits. A process never serves a second run, so no
// state, file or global survives from one run to the next.

import { installRunFileSystem, OUTPUT_DIR, runFileSystem } from './code-run-js-files.mjs';

// `python-snapshot` loads Pyodide, answers with its memory snapshot and exits (it runs no code);
// `snapshotPath`, when given, is such a snapshot for a Python process to start from.
const [, , language, engineUrl, variantUrl, snapshotPath] = process.argv;

// Kept in this module's scope before the globals are removed: guest code can reach neither.
const host = process;
const send = (message) => host.send(message);
/** Answers, then exits once the answer has left (a large one, files included, takes a while). */
const sendLast = (message) => host.send(message, () => host.exit(0));
const onMessage = (listener) => host.on('message', listener);
const exitProcess = (code) => host.exit(code);

class OutputLimit extends Error {}

/** How long after its time limit a run stops itself when nobody stopped it (see runJavaScript). */
const SELF_STOP_GRACE_MS = 2000;
/** The signal number Python's interrupt buffer takes for Ctrl-C (KeyboardInterrupt). */
const SIGINT = 2;

/** Collects stdout and stderr up to `limit` bytes together; past it the run is stopped. */
function outputCollector(limit) {
  const chunks = { stdout: [], stderr: [] };
  let size = 0;
  return {
    write(stream, text) {
      size += Buffer.byteLength(text);
      if (size > limit) {
        send({ type: 'failed', reason: 'output', limit });
        exitProcess(0);
        throw new OutputLimit();
      }
      chunks[stream].push(text);
    },
    text: (stream) => chunks[stream].join(''),
  };
}

/**
 * Removes what would let guest code reach the host: network clients, the process object (env,
 * bindings, exit), timers that keep running after the answer, and module loaders.
 */
function lockDownHost() {
  for (const name of [
    'fetch',
    'Request',
    'Response',
    'Headers',
    'WebSocket',
    'EventSource',
    'XMLHttpRequest',
    'navigator',
    'process',
    'require',
    'module',
    'global',
    'setInterval',
    'BroadcastChannel',
    'MessageChannel',
    'Worker',
  ]) {
    try {
      delete globalThis[name];
    } catch {
      // A non-configurable global stays; the permission model still guards what it reaches.
    }
    if (name in globalThis) {
      try {
        Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false });
      } catch {
        // As above.
      }
    }
  }
}

// --- Python (Pyodide) -------------------------------------------------------------------------

/**
 * Pyodide as it stands after loading, in a pristine state: from the snapshot when there is one (a
 * seventh of the CPU a full load takes), else loaded afresh. A snapshot that cannot be used
 * (damaged, from another Pyodide build) falls back to the full load.
 */
async function loadPython({ makeSnapshot = false } = {}) {
  // Pyodide's host file system driver reads its open flags through process.binding, which the
  // permission model refuses; the same numbers are public in node:fs.
  const { constants } = await import('node:fs');
  host.binding = (name) => {
    if (name === 'constants') return { fs: constants };
    throw new Error(`process.binding(${name}) is not available`);
  };
  const { loadPyodide } = await import(engineUrl);
  // `js` is the guest's view of JavaScript: an empty object instead of the host's globals, so
  // `from js import fetch` and `js.process.env` find nothing.
  const options = () => ({
    jsglobals: Object.create(null),
    env: { HOME: '/home/pyodide' },
    stdout: () => {},
    stderr: () => {},
    fullStdLib: false,
    checkAPIVersion: true,
  });
  if (makeSnapshot) return loadPyodide({ ...options(), _makeSnapshot: true });
  let pyodide;
  if (snapshotPath) {
    try {
      const { readFileSync } = await import('node:fs');
      pyodide = await loadPyodide({ ...options(), _loadSnapshot: readFileSync(snapshotPath) });
    } catch {
      pyodide = undefined;
    }
  }
  pyodide ??= await loadPyodide(options());
  // The Pyodide API as a Python module would hand the guest the interpreter's own JavaScript
  // objects (the Emscripten module, its file systems, the package loader).
  pyodide.unregisterJsModule('pyodide_js');
  pyodide.runPython("import sys\nsys.modules.pop('pyodide_js', None)");
  pyodide.FS.mkdirTree(OUTPUT_DIR);
  // The first asynchronous run imports Pyodide's code-running machinery (and, after a snapshot,
  // settles the restored state): done here, while the process waits as a spare, not in the run.
  await pyodide.runPythonAsync('import os');
  return pyodide;
}

function collectPythonFiles(pyodide, limits) {
  const files = [];
  let total = 0;
  const walk = (dir) => {
    for (const name of pyodide.FS.readdir(dir)) {
      if (name === '.' || name === '..') continue;
      const path = `${dir}/${name}`;
      const stat = pyodide.FS.stat(path);
      if (pyodide.FS.isDir(stat.mode)) {
        walk(path);
        continue;
      }
      if (files.length >= limits.maxFiles)
        throw new Error(`A run may return at most ${limits.maxFiles} files`);
      total += stat.size;
      if (stat.size > limits.maxFileBytes || total > limits.maxTotalBytes) {
        throw new Error(
          `Files written by a run may hold at most ${Math.floor(limits.maxFileBytes / 1048576)} MB each and ${Math.floor(limits.maxTotalBytes / 1048576)} MB together`,
        );
      }
      files.push({ name: path.slice(OUTPUT_DIR.length + 1), bytes: pyodide.FS.readFile(path) });
    }
  };
  walk(OUTPUT_DIR);
  return files;
}

async function runPython(pyodide, request) {
  const output = outputCollector(request.limits.maxOutputBytes);
  const decoder = { stdout: new TextDecoder(), stderr: new TextDecoder() };
  for (const stream of ['stdout', 'stderr']) {
    const setter = stream === 'stdout' ? 'setStdout' : 'setStderr';
    pyodide[setter]({
      write: (bytes) => {
        output.write(stream, decoder[stream].decode(bytes, { stream: true }));
        return bytes.length;
      },
    });
  }
  pyodide.setStdin({ error: true });
  // As for JavaScript (see runJavaScript): the run stops itself a little after its time limit,
  // should the server that kills it at the limit be gone. The interpreter polls the first element
  // of its interrupt buffer as it runs (Pyodide reads `buffer[0]`, whatever the object); this one
  // answers SIGINT once past the deadline, so the run raises KeyboardInterrupt — with no second
  // thread, which the permission model would have to allow. It answers it once a second, not at
  // every poll: Pyodide's own code that turns the exception into an error is Python too, and an
  // interrupt in the middle of it is fatal; a run that catches KeyboardInterrupt gets another.
  let nextInterrupt = Date.now() + request.limits.timeoutMs + SELF_STOP_GRACE_MS;
  pyodide.setInterruptBuffer({
    get 0() {
      if (Date.now() < nextInterrupt) return 0;
      nextInterrupt = Date.now() + 1000;
      return SIGINT;
    },
    set 0(_cleared) {},
  });
  let error;
  try {
    pyodide.runPython(`import os\nos.chdir(${JSON.stringify(OUTPUT_DIR)})`);
    // asyncio lets KeyboardInterrupt out of its loop rather than failing the run's task, so the
    // interrupt above arrives as a rejection nobody awaits: it ends the run like any error.
    const escapedTheLoop = new Promise((_, reject) => host.once('unhandledRejection', reject));
    await Promise.race([pyodide.runPythonAsync(request.code, { filename: '<code>' }), escapedTheLoop]);
  } catch (err) {
    if (err instanceof OutputLimit) throw err;
    error = pythonError(err);
  }
  let files = [];
  try {
    files = collectPythonFiles(pyodide, request.limits);
  } catch (err) {
    error = error ?? String(err.message);
  }
  return { stdout: output.text('stdout'), stderr: output.text('stderr'), error, files };
}

/** A Python exception's traceback without Pyodide's own frames above the user's code. */
function pythonError(err) {
  const text = String(err?.message ?? err);
  const start = text.indexOf('  File "<code>"');
  return start === -1 ? text : `Traceback (most recent call last):\n${text.slice(start)}`;
}

// --- JavaScript (QuickJS) ---------------------------------------------------------------------

async function loadJavaScript() {
  const { newQuickJSWASMModuleFromVariant } = await import(engineUrl);
  const variant = (await import(variantUrl)).default;
  return newQuickJSWASMModuleFromVariant(variant);
}

function formatValue(vm, handle) {
  const type = vm.typeof(handle);
  if (type === 'string') return vm.getString(handle);
  if (type === 'undefined') return 'undefined';
  if (type === 'function') return '[Function]';
  const json = vm.getProp(vm.global, 'JSON');
  const stringify = vm.getProp(json, 'stringify');
  const result = vm.callFunction(stringify, json, handle);
  json.dispose();
  stringify.dispose();
  if (result.error) {
    result.error.dispose();
    return String(vm.dump(handle));
  }
  const text = vm.typeof(result.value) === 'string' ? vm.getString(result.value) : String(vm.dump(handle));
  result.value.dispose();
  return text;
}

function runJavaScript(quickjs, request) {
  const output = outputCollector(request.limits.maxOutputBytes);
  const runtime = quickjs.newRuntime();
  // The server stops a run at its time limit by killing this process. Should the server itself be
  // gone (killed, crashed), nothing would, and a looping run would go on for ever: the run also
  // stops itself a little after its limit (the server's own stop normally comes first).
  const deadline = Date.now() + request.limits.timeoutMs + SELF_STOP_GRACE_MS;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  runtime.setMemoryLimit(request.limits.memoryBytes);
  runtime.setMaxStackSize(1024 * 1024);
  const vm = runtime.newContext();
  const consoleObject = vm.newObject();
  for (const [method, stream] of [
    ['log', 'stdout'],
    ['info', 'stdout'],
    ['debug', 'stdout'],
    ['warn', 'stderr'],
    ['error', 'stderr'],
  ]) {
    const fn = vm.newFunction(method, (...args) => {
      output.write(stream, `${args.map((arg) => formatValue(vm, arg)).join(' ')}\n`);
    });
    vm.setProp(consoleObject, method, fn);
    fn.dispose();
  }
  vm.setProp(vm.global, 'console', consoleObject);
  consoleObject.dispose();
  const files = runFileSystem(request.limits);
  installRunFileSystem(vm, files);
  let error;
  const result = vm.evalCode(request.code, 'code.js');
  if (result.error) {
    const dumped = vm.dump(result.error);
    result.error.dispose();
    error =
      dumped && typeof dumped === 'object'
        ? `${dumped.name ?? 'Error'}: ${dumped.message ?? ''}${dumped.stack ? `\n${dumped.stack}` : ''}`
        : `Uncaught ${String(dumped)}`;
    if (/out of memory/i.test(error)) error = memoryError(request.limits.memoryBytes);
  } else {
    // Settles promises the code started (async functions, .then chains) before answering.
    result.value.dispose();
    const pending = runtime.executePendingJobs();
    if (pending.error) {
      error = String(vm.dump(pending.error)?.message ?? vm.dump(pending.error));
      pending.error.dispose();
    }
  }
  vm.dispose();
  runtime.dispose();
  return { stdout: output.text('stdout'), stderr: output.text('stderr'), error, files: files.collect() };
}

function memoryError(bytes) {
  return `MemoryError: the run exceeded its memory limit of ${Math.floor(bytes / 1048576)} MB`;
}

// --- Process ----------------------------------------------------------------------------------

/**
 * Makes the host's socket layer refuse to connect, under everything that could open a connection
 * (fetch's client, http, tls, dgram): a guard behind the removed globals, should guest code ever
 * find a path to them.
 */
async function refuseNetwork() {
  const net = await import('node:net');
  const dgram = await import('node:dgram');
  const refuse = () => {
    throw new Error('Network access is not available to code runs');
  };
  net.Socket.prototype.connect = refuse;
  net.Server.prototype.listen = refuse;
  dgram.Socket.prototype.send = refuse;
  dgram.Socket.prototype.bind = refuse;
}

if (language === 'python-snapshot') {
  const pyodide = await loadPython({ makeSnapshot: true });
  sendLast({ type: 'snapshot', bytes: pyodide.makeMemorySnapshot() });
  await new Promise(() => {});
}

const engine = language === 'python' ? await loadPython() : await loadJavaScript();
await refuseNetwork();
lockDownHost();

onMessage(async (request) => {
  if (request?.type !== 'run') return;
  try {
    const result = language === 'python' ? await runPython(engine, request) : runJavaScript(engine, request);
    sendLast({ type: 'result', ...result });
  } catch (err) {
    if (err instanceof OutputLimit) return;
    sendLast({ type: 'result', stdout: '', stderr: '', error: String(err?.message ?? err), files: [] });
  }
});
send({ type: 'ready' });
