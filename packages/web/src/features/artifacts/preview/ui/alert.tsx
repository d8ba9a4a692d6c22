import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Alert = ({
  className,
  variant = 'default',
  ...p
}: ComponentProps<'div'> & { variant?: 'default' | 'destructive' }) => (
  <div
    role="alert"
    className={cn(
      'relative w-full rounded-lg border px-4 py-3 text-sm',
      variant === 'destructive' ? 'border-red-500/50 text-red-600' : 'border-zinc-200 dark:border-zinc-800',
      className,
    )}
    {...p}
  />
);
export const AlertTitle = ({ className, ...p }: ComponentProps<'h5'>) => (
  <h5 className={cn('mb-1 font-medium leading-none tracking-tight', className)} {...p} />
);
export const AlertDescription = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('text-sm opacity-90', className)} {...p} />
);
