import { clsx } from 'clsx';
import { Popover as RadixPopover } from 'radix-ui';
import type { ReactElement, ReactNode, Ref } from 'react';

export interface PopoverProps {
  /** The element that opens the panel; Radix adds its aria wiring to it (it must take a ref). */
  trigger: ReactElement;
  children: ReactNode;
  /** Controlled state, for panels that close themselves after an action. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** `top` for panels opened from the chat input, which sits at the bottom of the screen. */
  side?: 'top' | 'bottom';
  align?: 'start' | 'center' | 'end';
  sideOffset?: number;
  /** The panel's width and padding (and height limits where it scrolls). */
  className?: string;
  testId?: string;
}

/**
 * The Popover on Radix (focus handling, Escape and outside clicks close it, kept inside the
 * viewport). Its own chunk: popover.tsx loads it on first use.
 */
export function RadixBackedPopover({
  trigger,
  children,
  open,
  onOpenChange,
  side = 'bottom',
  align = 'start',
  sideOffset = 6,
  className = 'w-72 p-3',
  testId,
  triggerRef,
}: PopoverProps & { triggerRef?: Ref<HTMLElement> }) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild ref={triggerRef as Ref<HTMLButtonElement>}>
        {trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          side={side}
          align={align}
          sideOffset={sideOffset}
          collisionPadding={8}
          className={clsx(
            'animate-fade-in z-50 rounded-xl border border-border bg-surface-raised text-fg shadow-xl shadow-black/10',
            className,
          )}
          data-testid={testId}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
