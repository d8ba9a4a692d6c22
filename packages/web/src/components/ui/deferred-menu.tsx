import type { DropdownMenu as RadixMenu } from 'radix-ui';
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { onDemand } from '../../lib/on-demand';
import { mergeTriggerProps } from './merge-trigger-props';

type Radix = typeof RadixMenu;

const radixMenu = onDemand(() =>
  import('./radix-dropdown-menu').then((module): Radix => module.DropdownMenu),
);

/**
 * Starts loading the Radix menu code (about 25 kB compressed with its positioning and focus
 * helpers) unless it is loaded or on its way. A failed load is forgotten, so the next press tries
 * again.
 */
export const preloadMenu = (): Promise<Radix> => radixMenu.load();

/** A press whose menu code did not arrive opens nothing; the next press loads it again. */
const ignoreFailedLoad = (): void => undefined;

/** Whether the last thing a person did was a key press (as Radix tracks it for its menus). */
let keyboardInUse = false;
if (typeof document !== 'undefined') {
  const track = (keyboard: boolean) => () => (keyboardInUse = keyboard);
  document.addEventListener('keydown', track(true), { capture: true });
  document.addEventListener('pointerdown', track(false), { capture: true });
  document.addEventListener('pointermove', track(false), { capture: true });
}

/** Makes the event that opened a waiting menu again, to hand to the real trigger once it exists. */
type Replay = () => Event;

/**
 * What the parts of a menu read from its root: while the code is on its way, `activate` (how the
 * stand-in trigger asks to be opened); once on Radix, where the real trigger is and whether the
 * first open came from the keyboard.
 */
interface MenuState {
  activate: ((replay: Replay) => void) | null;
  setTrigger: (element: HTMLElement | null) => void;
  keyboardFirstOpen: { current: boolean };
}

const MenuContext = createContext<MenuState | null>(null);

/**
 * A dropdown menu with the API of Radix's `DropdownMenu` whose code loads on first use. Until a
 * person points at, focuses or opens a menu, its trigger is a plain button carrying the same
 * attributes Radix gives a closed trigger, and nothing else of the menu exists (a closed menu
 * shows nothing anyway). Pointing or focusing starts the download, so by the press it is usually
 * there. The press (or Enter, Space, ArrowDown) mounts the Radix menu and hands the same event to
 * its trigger, so it opens exactly as it would have; a parent opening a controlled menu mounts it
 * open. Menus met after the code arrived run on Radix from the start.
 */
function Root(props: ComponentProps<Radix['Root']>) {
  const [ready, setReady] = useState(() => radixMenu.loaded() !== null);
  const replay = useRef<Replay | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const keyboardFirstOpen = useRef(false);
  const controlledOpen = props.open === true;
  useEffect(() => {
    if (ready || !controlledOpen) return;
    // Radix focuses the first item when a menu opens from the keyboard; it had no chance to
    // see that key press, so the content is told (see Content).
    keyboardFirstOpen.current = keyboardInUse;
    // Code that cannot arrive (offline) leaves the menu closed; the next open tries again.
    preloadMenu().then(() => setReady(true), ignoreFailedLoad);
  }, [ready, controlledOpen]);
  // Runs after Radix's own mount effects (a parent's effects come after its children's), so the
  // menu listens for the replayed event as it would for a real one.
  useEffect(() => {
    const make = replay.current;
    replay.current = null;
    if (ready && make && trigger.current) trigger.current.dispatchEvent(make());
  }, [ready]);
  const [state] = useState<MenuState>(() => ({
    activate: null,
    setTrigger: (element) => (trigger.current = element),
    keyboardFirstOpen,
  }));

  const radix = radixMenu.loaded();
  if (!ready || !radix) {
    const activate = (make: Replay) => {
      preloadMenu().then(() => {
        replay.current = make;
        setReady(true);
      }, ignoreFailedLoad);
    };
    return <MenuContext.Provider value={{ ...state, activate }}>{props.children}</MenuContext.Provider>;
  }
  const Menu = radix;
  return (
    <MenuContext.Provider value={state}>
      <Menu.Root {...props} />
    </MenuContext.Provider>
  );
}

/** The keys that open a Radix dropdown menu from its focused trigger. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

function Trigger({ asChild, children, ref, ...props }: ComponentProps<Radix['Trigger']>) {
  const menu = useContext(MenuContext);
  const activate = menu?.activate;
  const radix = radixMenu.loaded();
  if (!activate && radix) {
    const Menu = radix;
    const setRef = (element: HTMLButtonElement | null) => {
      menu?.setTrigger(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    };
    return (
      <Menu.Trigger asChild={asChild} {...props} ref={setRef}>
        {children}
      </Menu.Trigger>
    );
  }
  const disabled = props.disabled === true;
  const own = {
    ref,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    'data-disabled': disabled ? '' : undefined,
    onPointerEnter: () => void preloadMenu().catch(() => undefined),
    onFocus: () => void preloadMenu().catch(() => undefined),
    // As Radix's trigger: the main button without Ctrl opens it on press, not on release.
    onPointerDown: (event: PointerEvent) => {
      if (disabled || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      const { pointerType, clientX, clientY } = event;
      activate?.(
        () =>
          new window.PointerEvent('pointerdown', {
            bubbles: true,
            cancelable: true,
            button: 0,
            isPrimary: true,
            pointerType,
            clientX,
            clientY,
          }),
      );
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (disabled || !OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      const { key, code } = event;
      activate?.(() => new window.KeyboardEvent('keydown', { bubbles: true, cancelable: true, key, code }));
    },
  };
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<Record<string, unknown>>;
    return cloneElement(child, mergeTriggerProps({ ...props, ...own }, child.props));
  }
  return (
    <button type="button" {...mergeTriggerProps(own, props)}>
      {children}
    </button>
  );
}

/**
 * The open menu's panel. When a parent opened the menu from the keyboard before its code had
 * arrived, the first item takes the focus, as Radix does for a menu opened by a key.
 */
function Content(props: ComponentProps<Radix['Content']>) {
  const menu = useContext(MenuContext);
  const radix = radixMenu.loaded();
  if (!menu || menu.activate || !radix) return null;
  const Menu = radix;
  const { keyboardFirstOpen } = menu;
  // Radix's dropdown content hides this prop from its type but hands it to the menu underneath.
  const focusProps = {
    onOpenAutoFocus: (event: Event) => {
      if (!keyboardFirstOpen.current) return;
      keyboardFirstOpen.current = false;
      const panel = event.currentTarget as HTMLElement | null;
      const first = panel?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
      if (!first) return;
      event.preventDefault();
      first.focus({ preventScroll: true });
    },
  } as Record<string, unknown>;
  return <Menu.Content {...props} {...focusProps} />;
}

/** A part that exists only in an open menu: nothing while the menu waits for its code. */
function part<K extends Exclude<keyof Radix, 'Root' | 'Trigger' | 'Content'>>(name: K): Radix[K] {
  function Part(props: Record<string, unknown>) {
    const menu = useContext(MenuContext);
    const radix = radixMenu.loaded();
    if (!menu || menu.activate || !radix) return null;
    const Real = radix[name] as unknown as (p: Record<string, unknown>) => ReactElement;
    return <Real {...props} />;
  }
  Part.displayName = `DeferredMenu.${name}`;
  return Part as unknown as Radix[K];
}

export const DropdownMenu = {
  Root: Root as Radix['Root'],
  Trigger: Trigger as Radix['Trigger'],
  Portal: part('Portal'),
  Content: Content as Radix['Content'],
  Item: part('Item'),
  CheckboxItem: part('CheckboxItem'),
  ItemIndicator: part('ItemIndicator'),
  Group: part('Group'),
  Label: part('Label'),
  Separator: part('Separator'),
  Sub: part('Sub'),
  SubTrigger: part('SubTrigger'),
  SubContent: part('SubContent'),
};
