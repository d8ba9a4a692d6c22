// Fails when the server, the web app or the shared schema gains an import cycle, between folders
// or between files. A folder depends on another when one of its files imports one of the other's;
// folders that reach each other form a cycle, which makes neither of them understandable or
// testable alone. madge reads the imports; this script lifts them to folders and finds the
// strongly connected groups. Cycles that existed when the check was introduced are listed, edge by
// edge, in folder-cycles-known.json: they may shrink (the check says which entries can go) but no
// new edge may join a cycle. Files must not import each other in a circle either, inside one
// folder included: such files can only be read, loaded and changed together, and a module caught
// in one may see another's exports still undefined while both load. Type-only imports count (a
// type shared by two files belongs in a file of its own, below both), and so do dynamic imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const ROOTS = [
  { src: 'packages/server/src', tsConfig: 'packages/server/tsconfig.json' },
  { src: 'packages/web/src', tsConfig: 'packages/web/tsconfig.json' },
  { src: 'packages/schema/src', tsConfig: 'packages/schema/tsconfig.json' },
];
const KNOWN_FILE = 'scripts/folder-cycles-known.json';
const known = new Set(JSON.parse(readFileSync(KNOWN_FILE, 'utf8')).edges);

/**
 * File circles allowed to stay, each as madge prints it (files joined by ' -> ', starting where
 * madge starts) with the reason it cannot be broken yet. Empty: every circle was broken when the
 * file-level check came in; add one only with a reason a reader can check.
 */
const ALLOWED_FILE_CYCLES = [
  // { cycle: 'packages/server/src/a.ts -> packages/server/src/b.ts', reason: '…' },
];
const allowedFileCycles = new Set(ALLOWED_FILE_CYCLES.map((entry) => entry.cycle));

/**
 * The node a file belongs to: its folder, except that files at a package's top (the composition
 * root: main, server, app, context) each stand alone, or that one folder would import everything
 * and be imported by everything.
 */
const nodeOf = (src, file) => (path.dirname(file) === src ? file : path.dirname(file));

/** The imports of a package's sources (test files left out: they may reach anywhere). */
function readImports({ src, tsConfig }) {
  // Type-only imports are read as well (madge's default, written out because the check relies on it).
  const typeImports = { skipTypeImports: false };
  return madge(src, {
    baseDir: '.',
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    excludeRegExp: [/\.test\.tsx?$/, /node_modules/],
    detectiveOptions: { ts: typeImports, tsx: typeImports },
  });
}

/** Folder → folders it imports from. */
function folderGraph({ src }, result) {
  const graph = new Map();
  for (const [file, imports] of Object.entries(result.obj())) {
    const from = nodeOf(src, file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of imports) {
      const to = nodeOf(src, target);
      if (to !== from && to.startsWith(src)) graph.get(from).add(to);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one folder. */
function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(new Set(group));
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

const cyclic = new Set();
// A circle through the schema shows from every package that imports it: each is listed once.
const fileCycles = new Set();
for (const root of ROOTS) {
  const result = await readImports(root);
  for (const circle of result.circular()) fileCycles.add(circle.join(' -> '));
  const graph = folderGraph(root, result);
  for (const group of cycles(graph)) {
    for (const from of group) {
      for (const to of graph.get(from) ?? []) if (group.has(to)) cyclic.add(`${from} -> ${to}`);
    }
  }
}
const added = [...cyclic].filter((edge) => !known.has(edge)).sort();
const gone = [...known].filter((edge) => !cyclic.has(edge)).sort();
if (gone.length > 0) {
  console.log(`These edges no longer close a folder cycle; remove them from ${KNOWN_FILE}:`);
  for (const edge of gone) console.log(`  ${edge}`);
}
if (added.length > 0) {
  console.error('New folder-level import cycles (an import that makes two folders reach each other):');
  for (const edge of added) console.error(`  ${edge}`);
  console.error(
    `Move the shared code to a folder both may use; if the edge must stay for now, add it to ${KNOWN_FILE} and say why in the commit.`,
  );
}
const newFileCycles = [...fileCycles].filter((circle) => !allowedFileCycles.has(circle)).sort();
const goneFileCycles = [...allowedFileCycles].filter((circle) => !fileCycles.has(circle)).sort();
if (goneFileCycles.length > 0) {
  console.log('These allowed file circles are gone; remove them from ALLOWED_FILE_CYCLES:');
  for (const circle of goneFileCycles) console.log(`  ${circle}`);
}
if (newFileCycles.length > 0) {
  console.error('Files that import each other in a circle (each line goes back to its first file):');
  for (const circle of newFileCycles) console.error(`  ${circle}`);
  console.error(
    'Move what the files share (often a type) to a file of its own that both import, so that every import points one way.',
  );
}
if (added.length > 0 || newFileCycles.length > 0) process.exit(1);
console.log(
  `folder cycles: none new (${cyclic.size} known edges in cycles); file circles: none (${allowedFileCycles.size} allowed)`,
);
