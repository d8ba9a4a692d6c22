import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Card = ({ className, ...p }: ComponentProps<'div'>) => (
  <div
    className={cn(
      'rounded-xl border border-zinc-200 bg-white text-zinc-950 shadow-sm dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-50',
      className,
    )}
    {...p}
  />
);
export const CardHeader = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col space-y-1.5 p-6', className)} {...p} />
);
export const CardTitle = ({ className, ...p }: ComponentProps<'h3'>) => (
  <h3 className={cn('font-semibold leading-none tracking-tight', className)} {...p} />
);
export const CardDescription = ({ className, ...p }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-zinc-500 dark:text-zinc-400', className)} {...p} />
);
export const CardContent = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('p-6 pt-0', className)} {...p} />
);
export const CardFooter = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex items-center p-6 pt-0', className)} {...p} />
);
