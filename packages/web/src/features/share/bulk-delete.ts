/** Bulk delete ignores items without a non-empty shareId. */
export function validShareIds(items: readonly { shareId?: string | null }[]): string[] {
  return items.map((i) => i.shareId?.trim() ?? '').filter((id) => id.length > 0);
}
