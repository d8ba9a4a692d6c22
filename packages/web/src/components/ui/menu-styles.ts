/** Shared look of the dropdown menus of this feature (matches the account menu). */
export const MENU_CONTENT =
  'animate-fade-in z-50 min-w-44 rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10';
export const MENU_ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50';
export const MENU_ICON = 'size-4 text-fg-muted';
