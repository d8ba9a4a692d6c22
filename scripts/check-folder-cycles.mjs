// Fails when the server or the web app gains a folder-level import cycle. A folder depends on
// another when one of its files imports one of the other's; folders that reach each other form a
// cycle, which makes neither of them understandable or testable alone. madge reads the imports;
// this script lifts them to folders and finds the strongly connected groups. Cycles that existed
// when the check was introduced are listed, edge by edge, in folder-cycles-known.json: they may
// shrink (the check says which entries can go) but no new edge may join a cycle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const ROOTS = [
  { src: 'packages/server/src', tsConfig: 'packages/server/tsconfig.json' },
  { src: 'packages/web/src', tsConfig: 'packages/web/tsconfig.json' },
];
const KNOWN_FILE = 'scripts/folder-cycles-known.json';
const known = new Set(JSON.parse(readFileSync(KNOWN_FILE, 'utf8')).edges);

/**
 * The node a file belongs to: its folder, except that files at a package's top (the composition
 * root: main, server, app, context) each stand alone, or that one folder would import everything
 * and be imported by everything.
 */
const nodeOf = (src, file) => (path.dirname(file) === src ? file : path.dirname(file));

/** Folder → folders it imports from (test files left out: they may reach anywhere). */
async function folderGraph({ src, tsConfig }) {
  const result = await madge(src, {
    baseDir: '.',
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    excludeRegExp: [/\.test\.tsx?$/, /node_modules/],
  });
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
for (const root of ROOTS) {
  const graph = await folderGraph(root);
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
  process.exit(1);
}
console.log(`folder cycles: none new (${cyclic.size} known edges in cycles)`);
