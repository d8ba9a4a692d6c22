import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Blocks Escape, outside clicks and the close button (terms modal). */
  locked?: boolean;
  closeLabel?: string;
  className?: string;
  testId?: string;
  /** Escape pressed: a dialog showing a sub-view calls preventDefault and goes back instead of closing. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * The Dialog on Radix (focus trap, aria wiring, scroll lock). Its own chunk: dialog.tsx loads it
 * when a dialog first opens.
 */
export function RadixBackedDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  locked = false,
  closeLabel,
  className,
  testId,
  onEscapeKeyDown,
}: DialogProps) {
  const block = (e: Event) => {
    if (locked) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-overlay backdrop-blur-[2px]" />
        <RadixDialog.Content
          data-testid={testId}
          onEscapeKeyDown={(e) => {
            block(e);
            if (!locked) onEscapeKeyDown?.(e);
          }}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={clsx(
            'animate-dialog-in fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl border border-border bg-surface-raised text-fg shadow-2xl shadow-black/20 outline-none',
            className ?? 'max-w-md',
          )}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-5 pb-2">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold tracking-tight">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-fg-muted">
                  {description}
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            {!locked && closeLabel && (
              <RadixDialog.Close
                className="-me-2 rounded-lg p-1.5 text-fg-subtle hover:bg-surface-muted hover:text-fg"
                aria-label={closeLabel}
              >
                <X className="size-5" aria-hidden />
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
