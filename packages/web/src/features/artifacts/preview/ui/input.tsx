import type { ComponentProps } from 'react';
import { cn } from './cn';

const FIELD =
  'w-full rounded-md border border-zinc-300 bg-transparent px-3 py-1 text-sm shadow-sm placeholder:text-zinc-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-400 disabled:opacity-50 dark:border-zinc-700';

export const Input = ({ className, ...p }: ComponentProps<'input'>) => (
  <input className={cn('h-9', FIELD, className)} {...p} />
);
export const Textarea = ({ className, ...p }: ComponentProps<'textarea'>) => (
  <textarea className={cn('min-h-16 py-2', FIELD, className)} {...p} />
);
