import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Checkbox = ({ className, ...p }: ComponentProps<typeof CheckboxPrimitive.Root>) => (
  <CheckboxPrimitive.Root
    className={cn(
      'h-4 w-4 shrink-0 rounded-sm border border-zinc-900 data-[state=checked]:bg-zinc-900 data-[state=checked]:text-white dark:border-zinc-50',
      className,
    )}
    {...p}
  >
    <CheckboxPrimitive.Indicator className="flex items-center justify-center text-[10px] leading-none">
      ✓
    </CheckboxPrimitive.Indicator>
  </CheckboxPrimitive.Root>
);
