import { NO_PARENT, type ForkOption } from '@parley/schema';

/** The fields of a message a fork needs to walk the tree. */
export interface TreeNode {
  messageId: string;
  parentMessageId: string;
  createdAt: Date;
}

export interface ForkSelection {
  /** Ids of the messages to copy. */
  ids: Set<string>;
  /** A copied message whose id is here becomes a first message (its parent is dropped). */
  newRoots: Set<string>;
}

export interface ForkRequest {
  targetId: string;
  option: ForkOption;
  splitAtTarget: boolean;
  latestMessageId?: string;
}

/** `id` and its ancestors, nearest first; stops at a missing parent or a cycle. */
function pathUp(byId: Map<string, TreeNode>, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let node = byId.get(id); node && !seen.has(node.messageId); node = byId.get(node.parentMessageId)) {
    seen.add(node.messageId);
    path.push(node.messageId);
  }
  return path;
}

function childrenIndex(nodes: TreeNode[]): Map<string, TreeNode[]> {
  const children = new Map<string, TreeNode[]>();
  for (const n of nodes) children.set(n.parentMessageId, [...(children.get(n.parentMessageId) ?? []), n]);
  return children;
}

/** Depth of every node reachable from `from` (depth 0), breadth first. */
function depthsBelow(children: Map<string, TreeNode[]>, from: TreeNode[]): Map<string, number> {
  const depth = new Map<string, number>();
  let level = from;
  for (let d = 0; level.length > 0; d++) {
    const next: TreeNode[] = [];
    for (const n of level) {
      if (depth.has(n.messageId)) continue;
      depth.set(n.messageId, d);
      next.push(...(children.get(n.messageId) ?? []));
    }
    level = next;
  }
  return depth;
}

/** Path (nearest first) plus every sibling of each path message. */
function withSiblings(
  byId: Map<string, TreeNode>,
  children: Map<string, TreeNode[]>,
  path: string[],
): Set<string> {
  const ids = new Set(path);
  for (const id of path) {
    for (const sibling of children.get(byId.get(id)!.parentMessageId) ?? []) ids.add(sibling.messageId);
  }
  return ids;
}

/** Where a split fork ends: the latest message if it is the target or below it, else the newest below. */
function splitEnd(byId: Map<string, TreeNode>, below: Map<string, number>, request: ForkRequest): string {
  if (request.latestMessageId && below.has(request.latestMessageId)) return request.latestMessageId;
  let newest = byId.get(request.targetId)!;
  for (const id of below.keys()) {
    const node = byId.get(id)!;
    if (node.createdAt > newest.createdAt) newest = node;
  }
  return newest.messageId;
}

/** Which messages a fork copies; null when the target is not in the conversation. */
export function selectForkMessages(nodes: TreeNode[], request: ForkRequest): ForkSelection | null {
  const byId = new Map(nodes.map((n) => [n.messageId, n]));
  const target = byId.get(request.targetId);
  if (!target) return null;
  const children = childrenIndex(nodes);
  if (!request.splitAtTarget) {
    const path = pathUp(byId, target.messageId);
    const roots = nodes.filter((n) => n.parentMessageId === NO_PARENT || !byId.has(n.parentMessageId));
    const rootIds = new Set(roots.map((r) => r.messageId));
    if (request.option === 'directPath') return { ids: new Set(path), newRoots: rootIds };
    if (request.option === 'includeBranches')
      return { ids: withSiblings(byId, children, path), newRoots: rootIds };
    const depths = depthsBelow(children, roots);
    const limit = path.length - 1;
    return { ids: new Set([...depths].filter(([, d]) => d <= limit).map(([id]) => id)), newRoots: rootIds };
  }
  const below = depthsBelow(children, [target]);
  const end = splitEnd(byId, below, request);
  const path = pathUp(byId, end).slice(0, below.get(end)! + 1);
  const newRoots = new Set([target.messageId]);
  if (request.option === 'directPath') return { ids: new Set(path), newRoots };
  if (request.option === 'includeBranches') {
    // Siblings of the path below the target; the target's own siblings are not in the range.
    return { ids: withSiblings(byId, children, path.slice(0, -1)).add(target.messageId), newRoots };
  }
  const limit = below.get(end)!;
  return { ids: new Set([...below].filter(([, d]) => d <= limit).map(([id]) => id)), newRoots };
}
