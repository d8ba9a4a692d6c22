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

export interface VisibleMessage {
  message: Message;
  /** Key of the parent whose children this message is one of. */
  parentKey: string;
  siblingIndex: number;
  siblingCount: number;
}

/** Sibling index as chosen for this parent, reset to 0 when the sibling count changed. */
export function siblingIndexOf(choices: SiblingChoices, parentKey: string, count: number): number {
  const choice = choices[parentKey];
  if (!choice || choice.count !== count || choice.index >= count || choice.index < 0) return 0;
  return choice.index;
}

/** The branch on screen: from the chosen root down, always taking the chosen sibling. */
export function visiblePath(roots: TreeNode[], choices: SiblingChoices): VisibleMessage[] {
  const path: VisibleMessage[] = [];
  let level = roots;
  let parentKey = NO_PARENT;
  while (level.length > 0) {
    const index = siblingIndexOf(choices, parentKey, level.length);
    const node = level[level.length - 1 - index]!;
    path.push({ message: node.message, parentKey, siblingIndex: index, siblingCount: level.length });
    parentKey = node.message.messageId;
    level = node.children;
  }
  return path;
}

/** Chooses the sibling that contains `messageId` at every level, e.g. after an edit makes a branch. */
export function choicesShowing(roots: TreeNode[], messageId: string): SiblingChoices {
  const choices: SiblingChoices = {};
  const walk = (level: TreeNode[], parentKey: string): boolean => {
    for (let i = 0; i < level.length; i += 1) {
      const node = level[i]!;
      if (node.message.messageId === messageId || walk(node.children, node.message.messageId)) {
        choices[parentKey] = { index: level.length - 1 - i, count: level.length };
        return true;
      }
    }
    return false;
  };
  walk(roots, NO_PARENT);
  return choices;
}
