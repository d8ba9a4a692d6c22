import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

const VARIANTS = {
  default:
    'bg-zinc-900 text-zinc-50 hover:bg-zinc-800 dark:bg-zinc-50 dark:text-zinc-900 dark:hover:bg-zinc-200',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  outline:
    'border border-zinc-300 bg-white hover:bg-zinc-100 dark:border-zinc-700 dark:bg-transparent dark:hover:bg-zinc-800',
  secondary: 'bg-zinc-100 text-zinc-900 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-50',
  ghost: 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
  link: 'text-zinc-900 underline-offset-4 hover:underline dark:text-zinc-50',
} as const;
const SIZES = { default: 'h-9 px-4 py-2', sm: 'h-8 px-3 text-xs', lg: 'h-10 px-8', icon: 'h-9 w-9' } as const;

export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; className?: string } = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-400',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  asChild?: boolean;
}) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={buttonVariants({ variant, size, className })} {...props} />;
}
