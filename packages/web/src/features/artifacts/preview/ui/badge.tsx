import type { ComponentProps } from 'react';
import { cn } from './cn';

const VARIANTS = {
  default: 'border-transparent bg-zinc-900 text-zinc-50 dark:bg-zinc-50 dark:text-zinc-900',
  secondary: 'border-transparent bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50',
  destructive: 'border-transparent bg-red-600 text-white',
  outline: 'text-zinc-950 dark:text-zinc-50',
} as const;

export const Badge = ({
  className,
  variant = 'default',
  ...p
}: ComponentProps<'span'> & { variant?: keyof typeof VARIANTS }) => (
  <span
    className={cn(
      'inline-flex items-center rounded-md border px-2.5 py-0.5 text-xs font-semibold',
      VARIANTS[variant],
      className,
    )}
    {...p}
  />
);
