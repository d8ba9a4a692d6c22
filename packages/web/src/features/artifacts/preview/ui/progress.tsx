import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Progress = ({ className, value, ...p }: ComponentProps<typeof ProgressPrimitive.Root>) => (
  <ProgressPrimitive.Root
    value={value}
    className={cn('relative h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800', className)}
    {...p}
  >
    <ProgressPrimitive.Indicator
      className="h-full w-full bg-zinc-900 transition-all dark:bg-zinc-50"
      style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
    />
  </ProgressPrimitive.Root>
);
