import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { onDemand } from '../../lib/on-demand';
import { mergeTriggerProps } from './merge-trigger-props';
import type { PopoverProps, RadixBackedPopover } from './radix-popover';

export type { PopoverProps } from './radix-popover';

/** The Radix-backed panel, loaded on first use (with its positioning code, about 20 kB compressed). */
const radixPopover = onDemand(() => import('./radix-popover').then((module) => module.RadixBackedPopover));

/** Starts loading the panel's code unless it is loaded or on its way; a failed load is forgotten. */
export const preloadPopover = (): Promise<typeof RadixBackedPopover> => radixPopover.load();

/**
 * A floating panel anchored to its trigger (focus handling, Escape and outside clicks close it,
 * kept inside the viewport). Every menu and small form that opens from a button uses it, so they
 * share one look. Its Radix code loads on first use: until then the trigger is the element as
 * given with the attributes Radix gives a closed trigger, and pointing at or focusing it starts
 * the download. A click mounts the Radix panel and clicks its trigger again, so it opens exactly
 * as it would have; a parent opening a controlled panel mounts it open.
 */
export function Popover(props: PopoverProps) {
  const { trigger, open } = props;
  const [ready, setReady] = useState(() => radixPopover.loaded() !== null);
  const replayClick = useRef(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  const controlledOpen = open === true;
  useEffect(() => {
    // Code that cannot arrive (offline) leaves it closed; the next open loads it again.
    if (!ready && controlledOpen)
      preloadPopover().then(
        () => setReady(true),
        () => undefined,
      );
  }, [ready, controlledOpen]);
  // After Radix's own mount effects (a parent's effects run after its children's).
  useEffect(() => {
    if (!ready || !replayClick.current) return;
    replayClick.current = false;
    triggerRef.current?.click();
  }, [ready]);

  const Loaded = ready ? radixPopover.loaded() : null;
  if (Loaded) {
    return <Loaded {...props} triggerRef={triggerRef} />;
  }
  const preload = () => void preloadPopover().catch(() => undefined);
  const own = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      preloadPopover().then(
        () => {
          replayClick.current = true;
          setReady(true);
        },
        () => undefined,
      );
    },
  };
  const element = trigger as ReactElement<Record<string, unknown>>;
  return cloneElement(element, mergeTriggerProps(own, element.props));
}

/** The small caption at the top of a menu panel, naming what it lists. */
export function PopoverHeading({ children }: { children: ReactNode }) {
  return <p className="px-2 pb-1 text-xs font-medium text-fg-subtle">{children}</p>;
}
