import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Switch = ({ className, ...p }: ComponentProps<typeof SwitchPrimitive.Root>) => (
  <SwitchPrimitive.Root
    className={cn(
      'inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-zinc-300 data-[state=checked]:bg-zinc-900 dark:data-[state=checked]:bg-zinc-50',
      className,
    )}
    {...p}
  >
    <SwitchPrimitive.Thumb className="block h-4 w-4 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-4 dark:bg-zinc-950" />
  </SwitchPrimitive.Root>
);
