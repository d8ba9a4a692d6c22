import {
  hasPermission,
  memoryUsagePercentage,
  type CreateMemory,
  type MemoriesAnswer,
  type Memory,
  type MemoryArtifact,
  type MemoryErrorType,
  type Permission,
  type Role,
  type UpdateMemory,
} from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { MemoryRow } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { ShortLivedCache } from '../cache/short-lived-cache.ts';
import { countTokensOf } from '../context/token-count.ts';
import type { MemorySettings } from './memory-settings.ts';
import type { MemoryInstruction } from './memory-step-answer.ts';
import {
  deleteMemory,
  findMemory,
  insertMemory,
  listMemories,
  listMemoriesForChat,
  lockUserMemories,
  replaceMemory,
  setUsesMemories,
  totalMemoryTokens,
  usesMemories,
  type Db,
} from './memory-store.ts';

/** Who asks: the user's id and their role as stored now (a token may predate a role change). */
export interface MemoryCaller {
  id: string;
  role: Role | null;
}

export const MEMORIES_DISABLED = 'Memories are turned off on this server.';

/** How long a user's memories for chats are reused: the session check's bound, for the same reason. */
const FOR_CHAT_CACHE_MS = 5_000;

/** What each MEMORIES permission lets a user do, in the words of its refusal. */
const DENIED: Partial<Record<Permission, string>> = {
  READ: 'You are not allowed to read memories.',
  CREATE: 'You are not allowed to create memories.',
  UPDATE: 'You are not allowed to change memories.',
  OPT_OUT: 'You are not allowed to change your memory preferences.',
};

/**
 * The memory store refused a write for its token limit: the limit was already reached, or this
 * write would pass it. `errorType` and `tokenCount` are the fields of a memory error.
 */
export class MemoryLimitError extends AppError {
  constructor(errorType: MemoryErrorType, tokenCount: number, tokenLimit: number) {
    super(
      errorType,
      errorType === 'already_exceeded'
        ? `Memory storage is full: your memories already hold ${tokenCount} of ${tokenLimit} tokens.`
        : `This memory would exceed the storage limit: ${tokenCount} of ${tokenLimit} tokens.`,
      { errorType, tokenCount, tokenLimit },
    );
    this.name = 'MemoryLimitError';
  }
}

/** Memories per user: CRUD under the MEMORIES permissions, token usage, preference. */
export class MemoryService {
  /**
   * What each user's chats get, kept a few seconds: every chat request asks. Each change made
   * through this service drops the user's entry at once; another instance of the server sees a
   * change when its entry expires.
   */
  private readonly forChatCache = new ShortLivedCache<MemoryRow[]>(FOR_CHAT_CACHE_MS);
  /** Each user's personalization switch, for the memory step's decision; dropped the same way. */
  private readonly preferenceCache = new ShortLivedCache<boolean>(FOR_CHAT_CACHE_MS);

  constructor(
    private readonly db: Database,
    readonly settings: MemorySettings,
  ) {}

  async list(caller: MemoryCaller): Promise<MemoriesAnswer> {
    this.require(caller, 'READ');
    const [rows, preference] = await Promise.all([
      listMemories(this.db, caller.id),
      usesMemories(this.db, caller.id),
    ]);
    const totalTokens = rows.reduce((sum, row) => sum + row.tokenCount, 0);
    const { tokenLimit, personalize } = this.settings;
    return {
      memories: rows.map(toMemory),
      totalTokens,
      tokenLimit,
      usagePercentage: memoryUsagePercentage(totalTokens, tokenLimit),
      preferences: { memories: preference },
      personalize,
    };
  }

  async create(caller: MemoryCaller, { key, value }: CreateMemory): Promise<Memory> {
    this.require(caller, 'CREATE');
    this.checkKey(key);
    const [tokenCount] = await countTokensOf([value]);
    return this.db
      .transaction(async (tx) => {
        await this.checkRoom(tx, caller.id, tokenCount!, 0);
        const created = await insertMemory(tx, { userId: caller.id, key, value, tokenCount: tokenCount! });
        if (!created) throw conflict(`A memory with the key "${key}" already exists.`);
        return toMemory(created);
      })
      .finally(() => this.forChatCache.forget(caller.id));
  }

  /** A new value, and a new key when `next.key` differs from the path's. */
  async update(caller: MemoryCaller, key: string, next: UpdateMemory): Promise<Memory> {
    this.require(caller, 'UPDATE');
    const newKey = next.key ?? key;
    this.checkKey(newKey);
    const [tokenCount] = await countTokensOf([next.value]);
    return this.db
      .transaction(async (tx) => {
        await lockUserMemories(tx, caller.id);
        const current = await findMemory(tx, caller.id, key);
        if (!current) throw notFound('Memory not found');
        if (newKey !== key && (await findMemory(tx, caller.id, newKey))) {
          throw conflict(`A memory with the key "${newKey}" already exists.`);
        }
        await this.checkRoom(tx, caller.id, tokenCount!, current.tokenCount);
        const updated = await replaceMemory(tx, caller.id, key, {
          key: newKey,
          value: next.value,
          tokenCount: tokenCount!,
        });
        return toMemory(updated!);
      })
      .finally(() => this.forChatCache.forget(caller.id));
  }

  async remove(caller: MemoryCaller, key: string): Promise<void> {
    this.require(caller, 'UPDATE');
    const deleted = await deleteMemory(this.db, caller.id, key);
    this.forChatCache.forget(caller.id);
    if (!deleted) throw notFound('Memory not found');
  }

  /** The personalization switch: whether memories reach this user's chats. */
  async setPreference(caller: MemoryCaller, useMemories: boolean): Promise<boolean> {
    this.require(caller, 'OPT_OUT');
    if (!this.settings.personalize) {
      throw forbidden('Memory preferences cannot be changed on this server.');
    }
    await setUsesMemories(this.db, caller.id, useMemories);
    this.forChatCache.forget(caller.id);
    this.preferenceCache.forget(caller.id);
    return useMemories;
  }

  /**
   * The memories to add to a chat's context, or none: memories off on the server, a role without
   * MEMORIES.USE, or a user who turned personalization off.
   */
  async forChat(userId: string, loadCaller: () => Promise<MemoryCaller>): Promise<MemoryRow[]> {
    // Memories off on the server: no need to read the caller's role.
    if (this.settings.disabled) return [];
    const caller = await loadCaller();
    if (!hasPermission(caller.role, 'MEMORIES', 'USE')) return [];
    return this.forChatCache.get(userId, () =>
      listMemoriesForChat(this.db, userId, this.settings.personalize),
    );
  }

  /**
   * Whether the memory step runs after this user's answers: parley.yaml configures it, memories
   * are on, the user's role holds MEMORIES.USE and the user keeps personalization on (always, with
   * `personalize: false`).
   */
  async stepAllowed(userId: string, loadCaller: () => Promise<MemoryCaller>): Promise<boolean> {
    if (this.settings.disabled || !this.settings.agent) return false;
    const caller = await loadCaller();
    if (!hasPermission(caller.role, 'MEMORIES', 'USE')) return false;
    if (!this.settings.personalize) return true;
    return this.preferenceCache.get(userId, () => usesMemories(this.db, userId));
  }

  /** The user's memories now (the memory step shows them to its model). */
  current(userId: string): Promise<MemoryRow[]> {
    return listMemories(this.db, userId);
  }

  private require(caller: MemoryCaller, permission: Permission): void {
    if (this.settings.disabled) throw forbidden(MEMORIES_DISABLED);
    if (!hasPermission(caller.role, 'MEMORIES', permission)) throw forbidden(DENIED[permission]);
  }

  private checkKey(key: string): void {
    const valid = this.settings.validKeys;
    if (valid && !valid.includes(key)) {
      throw badRequest(`Invalid key "${key}": allowed keys are ${valid.join(', ')}.`, [
        { path: 'key', message: 'not one of the allowed keys' },
      ]);
    }
  }

  /**
   * Refuses a write that would take the user's memories past the token limit. `replacing` is the
   * token count of the memory the write replaces (0 for a new one). Locks the user's memories for
   * the rest of the transaction.
   */
  private async checkRoom(tx: Db, userId: string, tokenCount: number, replacing: number): Promise<void> {
    const limit = this.settings.tokenLimit;
    await lockUserMemories(tx, userId);
    if (limit === null) return;
    const total = await totalMemoryTokens(tx, userId);
    const refusal = overLimit(total, limit, tokenCount, replacing);
    if (refusal) throw new MemoryLimitError(refusal.errorType, refusal.tokenCount, limit);
  }

  /**
   * Carries out the memory step's changes for a user, in one transaction under the user's lock,
   * with the token limit of every other write. Answers what was done, as the memory notice shows
   * it: an update or a delete for each change made, an error for each set the limit refused. A set
   * that would store the same value again and a delete of a missing key change nothing and say
   * nothing. No MEMORIES permission is checked here: the step runs only for users allowed to
   * use memories (MemoryStep decides), on their behalf.
   */
  async applyStep(userId: string, instructions: readonly MemoryInstruction[]): Promise<MemoryArtifact[]> {
    if (instructions.length === 0) return [];
    const sets = instructions.filter((i) => i.type === 'set');
    const counts = await countTokensOf(sets.map((i) => i.value));
    const tokens = new Map(sets.map((i, n) => [i, counts[n]!]));
    const limit = this.settings.tokenLimit;
    return this.db
      .transaction(async (tx) => {
        await lockUserMemories(tx, userId);
        let total = await totalMemoryTokens(tx, userId);
        const done: MemoryArtifact[] = [];
        for (const instruction of instructions) {
          const { key } = instruction;
          const current = await findMemory(tx, userId, key);
          if (instruction.type === 'delete') {
            if (current && (await deleteMemory(tx, userId, key))) {
              total -= current.tokenCount;
              done.push({ type: 'delete', key });
            }
            continue;
          }
          const { value } = instruction;
          if (current?.value === value) continue;
          const tokenCount = tokens.get(instruction)!;
          const replacing = current?.tokenCount ?? 0;
          const refusal = limit === null ? null : overLimit(total, limit, tokenCount, replacing);
          if (refusal) {
            done.push({ type: 'error', key, value: JSON.stringify(refusal) });
            continue;
          }
          if (current) await replaceMemory(tx, userId, key, { key, value, tokenCount });
          else await insertMemory(tx, { userId, key, value, tokenCount });
          total += tokenCount - replacing;
          done.push({ type: 'update', key, value });
        }
        return done;
      })
      .finally(() => this.forChatCache.forget(userId));
  }
}

/**
 * Why a write of `tokenCount` tokens, replacing a memory of `replacing` tokens, may not go into a
 * store holding `total` of `limit` tokens; null when it may. A write that does not grow the store
 * is always allowed (e.g. shortening a memory when the store is full).
 */
function overLimit(
  total: number,
  limit: number,
  tokenCount: number,
  replacing: number,
): { errorType: MemoryErrorType; tokenCount: number } | null {
  if (tokenCount <= replacing) return null;
  if (total >= limit) return { errorType: 'already_exceeded', tokenCount: total };
  const after = total - replacing + tokenCount;
  return after > limit ? { errorType: 'would_exceed', tokenCount: after } : null;
}

function toMemory(row: MemoryRow): Memory {
  return {
    key: row.key,
    value: row.value,
    tokenCount: row.tokenCount,
    updated_at: row.updatedAt.toISOString(),
  };
}
