import {
  hasPermission,
  memoryUsagePercentage,
  type CreateMemory,
  type MemoriesAnswer,
  type Memory,
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
    // A write that does not grow the store is always allowed (e.g. shortening a memory when full).
    if (tokenCount <= replacing) return;
    if (total >= limit) throw new MemoryLimitError('already_exceeded', total, limit);
    const after = total - replacing + tokenCount;
    if (after > limit) throw new MemoryLimitError('would_exceed', after, limit);
  }
}

function toMemory(row: MemoryRow): Memory {
  return {
    key: row.key,
    value: row.value,
    tokenCount: row.tokenCount,
    updated_at: row.updatedAt.toISOString(),
  };
}
