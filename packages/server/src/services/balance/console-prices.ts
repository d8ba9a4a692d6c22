import type { ModelPriceInput } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { modelPrices, type ModelPriceRow } from '../../db/schema/index.ts';
import type { TokenPrice } from './prices.ts';

/** The prices administrators set in the console, by model key. */
export async function loadConsolePrices(db: Database): Promise<Record<string, TokenPrice>> {
  const rows = await db.select().from(modelPrices);
  return Object.fromEntries(rows.map((r) => [r.model, toPrice(r)]));
}

function toPrice(r: ModelPriceRow): TokenPrice {
  return {
    prompt: r.prompt,
    completion: r.completion,
    ...(r.cacheRead !== null ? { cacheRead: r.cacheRead } : {}),
    ...(r.cacheWrite !== null ? { cacheWrite: r.cacheWrite } : {}),
  };
}

/** Sets a model's price (creating or replacing it); answers the row. */
export async function saveConsolePrice(
  db: Database,
  model: string,
  price: ModelPriceInput,
  adminId: string,
): Promise<ModelPriceRow> {
  const values = {
    prompt: price.prompt,
    completion: price.completion,
    cacheRead: price.cacheRead ?? null,
    cacheWrite: price.cacheWrite ?? null,
    updatedAt: new Date(),
    updatedBy: adminId,
  };
  const [row] = await db
    .insert(modelPrices)
    .values({ model, ...values })
    .onConflictDoUpdate({ target: modelPrices.model, set: values })
    .returning();
  return row!;
}

/** Removes a console price (the configured or built-in one applies again); false when none was set. */
export async function deleteConsolePrice(db: Database, model: string): Promise<ModelPriceRow | null> {
  const [row] = await db.delete(modelPrices).where(eq(modelPrices.model, model)).returning();
  return row ?? null;
}
