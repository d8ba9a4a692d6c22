import { Accordion as AccordionPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Accordion = AccordionPrimitive.Root;
export const AccordionItem = ({ className, ...p }: ComponentProps<typeof AccordionPrimitive.Item>) => (
  <AccordionPrimitive.Item
    className={cn('border-b border-zinc-200 dark:border-zinc-800', className)}
    {...p}
  />
);
export const AccordionTrigger = ({
  className,
  children,
  ...p
}: ComponentProps<typeof AccordionPrimitive.Trigger>) => (
  <AccordionPrimitive.Header className="flex">
    <AccordionPrimitive.Trigger
      className={cn(
        'flex flex-1 items-center justify-between py-4 text-sm font-medium hover:underline',
        className,
      )}
      {...p}
    >
      {children}
      <span aria-hidden>▾</span>
    </AccordionPrimitive.Trigger>
  </AccordionPrimitive.Header>
);
export const AccordionContent = ({ className, ...p }: ComponentProps<typeof AccordionPrimitive.Content>) => (
  <AccordionPrimitive.Content className={cn('overflow-hidden pb-4 pt-0 text-sm', className)} {...p} />
);
