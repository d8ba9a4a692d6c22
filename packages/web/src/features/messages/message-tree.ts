import { NO_PARENT, type Message } from '@parley/schema';

/** A message with its answers and edits below it (siblings share a parent). */
export interface TreeNode {
  message: Message;
  children: TreeNode[];
}

/**
 * Builds the conversation tree from the flat message list. Children keep the list's order
 * (oldest first); a message whose parent is missing becomes a root so nothing is ever hidden.
 */
export function buildTree(messages: readonly Message[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const message of messages) nodes.set(message.messageId, { message, children: [] });
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.message.parentMessageId;
    const parent = parentId && parentId !== NO_PARENT ? nodes.get(parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Sibling choice per parent: how many steps back from the newest sibling (0 = newest). Stored
 * with the sibling count it was chosen for, so a changed count (a new answer) resets it to 0.
 */
export type SiblingChoices = Record<string, { index: number; count: number }>;

/** One message on screen with its place among its siblings. */
export interface VisibleSibling {
  message: Message;
  /** Key of the sibling group this message is one of (its parent's id, or a pair's key). */
  parentKey: string;
  siblingIndex: number;
  siblingCount: number;
}

export interface VisibleMessage extends VisibleSibling {
  /**
   * Set when `message` is a second model's answer: the first answer it stands beside. The two
   * are counted apart: regenerating the second answer adds a sibling of the second answer only.
   */
  pairedWith?: VisibleSibling;
}

/**
 * The key under which the second model's answers to `firstId` are chosen between. It cannot
 * collide with a message id, which never contains a space.
 */
export function pairKey(firstId: string): string {
  return `pair ${firstId}`;
}

/** A level's children split into answers of their own and second answers by the first they pair with. */
interface SiblingGroups {
  own: TreeNode[];
  secondsOf: Map<string, TreeNode[]>;
}

/**
 * A second answer names its first in `pairedAnswerId`; it pairs only with a sibling that is an
 * answer, so a stale or foreign id leaves it an ordinary sibling.
 */
function groupSiblings(level: TreeNode[]): SiblingGroups {
  const answers = new Set(level.filter((n) => !n.message.isCreatedByUser).map((n) => n.message.messageId));
  const own: TreeNode[] = [];
  const secondsOf = new Map<string, TreeNode[]>();
  for (const node of level) {
    const firstId = node.message.pairedAnswerId;
    const paired =
      typeof firstId === 'string' &&
      firstId !== node.message.messageId &&
      !node.message.isCreatedByUser &&
      answers.has(firstId);
    if (!paired) own.push(node);
    else secondsOf.set(firstId, [...(secondsOf.get(firstId) ?? []), node]);
  }
  return { own, secondsOf };
}

/** Sibling index as chosen for this parent, reset to 0 when the sibling count changed. */
export function siblingIndexOf(choices: SiblingChoices, parentKey: string, count: number): number {
  const choice = choices[parentKey];
  if (!choice || choice.count !== count || choice.index >= count || choice.index < 0) return 0;
  return choice.index;
}

function chosen(group: TreeNode[], choices: SiblingChoices, parentKey: string) {
  const siblingIndex = siblingIndexOf(choices, parentKey, group.length);
  const node = group[group.length - 1 - siblingIndex]!;
  return { node, sibling: { message: node.message, parentKey, siblingIndex, siblingCount: group.length } };
}

/**
 * The branch on screen: from the chosen root down, always taking the chosen sibling. Where the
 * chosen answer has second answers, the chosen second answer stands beside it and the branch
 * goes on below the second answer (the next message is sent under the last one shown).
 */
export function visiblePath(roots: TreeNode[], choices: SiblingChoices): VisibleMessage[] {
  const path: VisibleMessage[] = [];
  let level = roots;
  let parentKey = NO_PARENT;
  while (level.length > 0) {
    const { own, secondsOf } = groupSiblings(level);
    const first = chosen(own, choices, parentKey);
    const seconds = secondsOf.get(first.node.message.messageId);
    const second = seconds ? chosen(seconds, choices, pairKey(first.node.message.messageId)) : undefined;
    path.push(second ? { ...second.sibling, pairedWith: first.sibling } : first.sibling);
    const shown = second?.node ?? first.node;
    parentKey = shown.message.messageId;
    level = shown.children;
  }
  return path;
}

/** Chooses the sibling that contains `messageId` at every level, e.g. after an edit makes a branch. */
export function choicesShowing(roots: TreeNode[], messageId: string): SiblingChoices {
  const choices: SiblingChoices = {};
  const choose = (group: TreeNode[], key: string, node: TreeNode) => {
    choices[key] = { index: group.length - 1 - group.indexOf(node), count: group.length };
  };
  const walk = (level: TreeNode[], parentKey: string): boolean => {
    const { own, secondsOf } = groupSiblings(level);
    for (const node of level) {
      if (node.message.messageId !== messageId && !walk(node.children, node.message.messageId)) continue;
      const firstId = own.includes(node) ? undefined : node.message.pairedAnswerId;
      if (firstId) {
        const seconds = secondsOf.get(firstId)!;
        choose(seconds, pairKey(firstId), node);
        choose(
          own,
          parentKey,
          own.find((n) => n.message.messageId === firstId)!,
        );
      } else choose(own, parentKey, node);
      return true;
    }
    return false;
  };
  walk(roots, NO_PARENT);
  return choices;
}
