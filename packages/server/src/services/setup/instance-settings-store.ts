import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instanceSettings, type InstanceSettingsRow, type StoredProvider } from '../../db/schema/index.ts';

const INSTANCE_ID = 'instance';

/** The instance's saved settings; null before the setup page saved any. */
export async function readInstanceSettings(db: Database): Promise<InstanceSettingsRow | null> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.id, INSTANCE_ID)).limit(1);
  return row ?? null;
}

/** Writes the one settings row (created on first save). */
export async function saveInstanceSettings(
  db: Database,
  values: { appTitle: string | null; provider: StoredProvider | null },
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(instanceSettings)
    .values({ id: INSTANCE_ID, ...row })
    .onConflictDoUpdate({ target: instanceSettings.id, set: row });
}
