import {
  MAX_PRESETS_PER_USER,
  type DeletePresetsResult,
  type Preset,
  type SavePresetBody,
} from '@parley/schema';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { presets, type PresetRow } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';

/** The API shape: the columns with the stored setup spread in (LibreChat-compatible). */
export function toPreset(row: PresetRow): Preset {
  return {
    ...row.settings,
    presetId: row.presetId,
    title: row.title,
    defaultPreset: row.defaultPreset,
    order: row.order,
    endpoint: row.endpoint,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's presets: explicitly ordered ones first, then the most recently changed. */
export async function listPresets(db: Database, userId: string): Promise<Preset[]> {
  const rows = await db
    .select()
    .from(presets)
    .where(eq(presets.userId, userId))
    .orderBy(sql`${presets.order} asc nulls last`, desc(presets.updatedAt), asc(presets.presetId));
  return rows.map(toPreset);
}

function splitBody(body: SavePresetBody) {
  const { presetId: _id, title, defaultPreset, order, endpoint, model, ...rest } = body;
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && value !== null) settings[key] = value;
  return {
    title: title ?? null,
    defaultPreset,
    order: order ?? null,
    endpoint,
    model: model ?? null,
    settings,
  };
}

/**
 * Creates a preset, or replaces the caller's preset with that presetId. Marking one as default
 * clears the flag on the others. Another user's presetId is never touched: it creates a new one.
 */
export async function savePreset(db: Database, userId: string, body: SavePresetBody): Promise<Preset> {
  const values = splitBody(body);
  const now = new Date();
  return db.transaction(async (tx) => {
    let row: PresetRow | undefined;
    if (body.presetId) {
      [row] = await tx
        .update(presets)
        .set({ ...values, defaultPreset: values.defaultPreset ?? false, updatedAt: now })
        .where(and(eq(presets.userId, userId), eq(presets.presetId, body.presetId)))
        .returning();
    }
    if (!row) {
      const [counted] = await tx.select({ total: count() }).from(presets).where(eq(presets.userId, userId));
      if ((counted?.total ?? 0) >= MAX_PRESETS_PER_USER)
        throw badRequest(`At most ${MAX_PRESETS_PER_USER} presets per user`);
      [row] = await tx
        .insert(presets)
        .values({
          ...values,
          defaultPreset: values.defaultPreset ?? false,
          userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
    if (row!.defaultPreset) {
      await tx
        .update(presets)
        .set({ defaultPreset: false })
        .where(
          and(
            eq(presets.userId, userId),
            ne(presets.presetId, row!.presetId),
            eq(presets.defaultPreset, true),
          ),
        );
    }
    return toPreset(row!);
  });
}

/** Deletes one preset of the caller, or all of them when no presetId is given. */
export async function deletePresets(
  db: Database,
  userId: string,
  presetId: string | undefined,
): Promise<DeletePresetsResult> {
  const where = presetId
    ? and(eq(presets.userId, userId), eq(presets.presetId, presetId))
    : eq(presets.userId, userId);
  const rows = await db.delete(presets).where(where).returning({ presetId: presets.presetId });
  return { acknowledged: true, deletedCount: rows.length };
}
