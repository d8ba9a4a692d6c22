// The working directory of a JavaScript or TypeScript run. QuickJS has no file system of its
// own, so the run's process keeps one in memory — the files and folders under /mnt/data, and
// nothing else — and hands the guest a small `fs` (through `require('fs')`) that reads and writes
// it. What the code leaves there comes back as the caller's attachments, as a Python run's files
// do. The limits on files are checked as they are written, so a run cannot grow them in memory
// past what it could return. There are no links of any kind: every path names a file or folder.
//
// Plain JavaScript, loaded by the run's process (code-run-child.mjs) under the permission model.

/** The run's working directory; the only place guest code can read or write. */
export const OUTPUT_DIR = '/mnt/data';

class RunFsError extends Error {
  constructor(code, message) {
    super(`${code}: ${message}`);
    this.name = 'Error';
  }
}

/**
 * A path as the guest wrote it, relative or absolute, reduced to its place under /mnt/data
 * (`''` is /mnt/data itself). `..` is resolved before the check, so no path leaves the folder.
 */
function placeOf(path) {
  if (typeof path !== 'string' || path === '')
    throw new RunFsError('EINVAL', 'a path must be a non-empty string');
  if (path.includes('\0')) throw new RunFsError('EINVAL', 'a path must not contain NUL');
  const absolute = path.startsWith('/') ? path : `${OUTPUT_DIR}/${path}`;
  const parts = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const full = `/${parts.join('/')}`;
  if (full === OUTPUT_DIR) return '';
  if (!full.startsWith(`${OUTPUT_DIR}/`))
    throw new RunFsError('EACCES', `${path}: code runs may only use files under ${OUTPUT_DIR}`);
  return full.slice(OUTPUT_DIR.length + 1);
}

const parentOf = (place) => (place.includes('/') ? place.slice(0, place.lastIndexOf('/')) : '');

/** The in-memory folder of one run, with the run's file limits. */
export function runFileSystem(limits) {
  const files = new Map();
  const folders = new Set(['']);
  let total = 0;

  const requireFolder = (place, path) => {
    if (!folders.has(place)) throw new RunFsError('ENOENT', `no such directory: ${path}`);
  };
  const sizeError = () =>
    new Error(
      `Files written by a run may hold at most ${Math.floor(limits.maxFileBytes / 1048576)} MB each and ${Math.floor(limits.maxTotalBytes / 1048576)} MB together`,
    );

  return {
    write(path, bytes, append) {
      const place = placeOf(path);
      if (place === '' || folders.has(place)) throw new RunFsError('EISDIR', `is a directory: ${path}`);
      requireFolder(parentOf(place), path);
      const before = files.get(place);
      if (!before && files.size >= limits.maxFiles)
        throw new Error(`A run may return at most ${limits.maxFiles} files`);
      const next = append && before ? Buffer.concat([before, bytes]) : Buffer.from(bytes);
      const nextTotal = total - (before?.length ?? 0) + next.length;
      if (next.length > limits.maxFileBytes || nextTotal > limits.maxTotalBytes) throw sizeError();
      files.set(place, next);
      total = nextTotal;
    },
    read(path) {
      const place = placeOf(path);
      if (folders.has(place)) throw new RunFsError('EISDIR', `is a directory: ${path}`);
      const bytes = files.get(place);
      if (!bytes) throw new RunFsError('ENOENT', `no such file: ${path}`);
      return bytes;
    },
    exists(path) {
      try {
        const place = placeOf(path);
        return files.has(place) || folders.has(place);
      } catch {
        return false;
      }
    },
    list(path) {
      const place = placeOf(path);
      requireFolder(place, path);
      const prefix = place === '' ? '' : `${place}/`;
      const names = [...files.keys(), ...folders]
        .filter((p) => p !== place && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
        .map((p) => p.slice(prefix.length));
      return names.sort();
    },
    mkdir(path, recursive) {
      const place = placeOf(path);
      if (files.has(place)) throw new RunFsError('EEXIST', `file already exists: ${path}`);
      if (folders.has(place)) {
        if (recursive) return;
        throw new RunFsError('EEXIST', `directory already exists: ${path}`);
      }
      if (!recursive) requireFolder(parentOf(place), path);
      for (let p = place; p !== '' && !folders.has(p); p = parentOf(p)) {
        if (files.has(p)) throw new RunFsError('ENOTDIR', `not a directory: ${p}`);
        folders.add(p);
      }
    },
    remove(path) {
      const place = placeOf(path);
      const bytes = files.get(place);
      if (!bytes) throw new RunFsError('ENOENT', `no such file: ${path}`);
      files.delete(place);
      total -= bytes.length;
    },
    /** The files the run leaves behind, by their path under /mnt/data. */
    collect() {
      return [...files].map(([name, bytes]) => ({ name, bytes: new Uint8Array(bytes) }));
    },
  };
}

// The guest's side: Node-like `fs` calls over the host's primitives, installed as `require`.
// Text is written as UTF-8; bytes (an ArrayBuffer or a typed array) as they are; reads without
// an encoding return a Uint8Array. Strings cross between guest and host as JSON, because the
// engine's plain string transfer stops at the first NUL character (a path "a\0b" would become
// "a", a text "x\0y" would lose its end).
const GUEST_PRELUDE = `(() => {
  const host = globalThis.__runFiles;
  delete globalThis.__runFiles;
  const encodingOf = (options) => (typeof options === 'string' ? options : options && options.encoding);
  const json = JSON.stringify;
  const payload = (data) => {
    if (data instanceof ArrayBuffer) return data;
    if (ArrayBuffer.isView(data)) return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    return json(String(data));
  };
  const fs = {
    writeFileSync: (path, data) => { host.write(json(path), payload(data), false); },
    appendFileSync: (path, data) => { host.write(json(path), payload(data), true); },
    readFileSync: (path, options) => {
      const encoding = encodingOf(options);
      return encoding ? JSON.parse(host.readText(json(path))) : new Uint8Array(host.read(json(path)));
    },
    existsSync: (path) => host.exists(json(path)),
    readdirSync: (path) => JSON.parse(host.list(json(path))),
    mkdirSync: (path, options) => { host.mkdir(json(path), Boolean(options && options.recursive)); },
    unlinkSync: (path) => { host.remove(json(path)); },
    rmSync: (path) => { host.remove(json(path)); },
  };
  const later = (fn) => (...args) => new Promise((resolve) => resolve(fn(...args)));
  fs.promises = {
    writeFile: later(fs.writeFileSync),
    appendFile: later(fs.appendFileSync),
    readFile: later(fs.readFileSync),
    readdir: later(fs.readdirSync),
    mkdir: later(fs.mkdirSync),
    unlink: later(fs.unlinkSync),
    rm: later(fs.rmSync),
  };
  const modules = { fs, 'node:fs': fs, 'fs/promises': fs.promises, 'node:fs/promises': fs.promises };
  globalThis.require = (name) => {
    if (Object.prototype.hasOwnProperty.call(modules, name)) return modules[name];
    throw new Error("Cannot find module '" + name + "': code runs here offer only 'fs', on " + ${JSON.stringify(OUTPUT_DIR)});
  };
})();`;

/**
 * Gives the guest of `vm` its `require('fs')` over `files`. The host functions read only
 * JSON-encoded strings and array buffers from the guest, and answer with new guest values.
 */
export function installRunFileSystem(vm, files) {
  const text = (handle) => {
    const value = vm.typeof(handle) === 'string' ? JSON.parse(vm.getString(handle) || 'null') : null;
    if (typeof value !== 'string') throw new RunFsError('EINVAL', 'a path must be a string');
    return value;
  };
  const bytesOf = (handle) => {
    if (vm.typeof(handle) === 'string') return Buffer.from(text(handle), 'utf8');
    const lifetime = vm.getArrayBuffer(handle);
    try {
      return Buffer.from(lifetime.value);
    } finally {
      lifetime.dispose();
    }
  };
  const api = vm.newObject();
  const define = (name, fn) => {
    const handle = vm.newFunction(name, fn);
    vm.setProp(api, name, handle);
    handle.dispose();
  };
  define('write', (path, data, append) => {
    files.write(text(path), bytesOf(data), vm.dump(append) === true);
  });
  define('read', (path) => {
    const bytes = files.read(text(path));
    return vm.newArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  });
  define('readText', (path) =>
    vm.newString(JSON.stringify(Buffer.from(files.read(text(path))).toString('utf8'))),
  );
  define('exists', (path) => {
    try {
      return files.exists(text(path)) ? vm.true : vm.false;
    } catch {
      return vm.false;
    }
  });
  define('list', (path) => vm.newString(JSON.stringify(files.list(text(path)))));
  define('mkdir', (path, recursive) => {
    files.mkdir(text(path), vm.dump(recursive) === true);
  });
  define('remove', (path) => {
    files.remove(text(path));
  });
  vm.setProp(vm.global, '__runFiles', api);
  api.dispose();
  const prelude = vm.evalCode(GUEST_PRELUDE, 'run-files.js');
  if (prelude.error) {
    const error = vm.dump(prelude.error);
    prelude.error.dispose();
    throw new Error(`The run's file system could not be set up: ${JSON.stringify(error)}`);
  }
  prelude.value.dispose();
}
