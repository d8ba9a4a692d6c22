import {
  Component,
  lazy,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { retryImport } from '../../lib/retry-import';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** What an area shows when its code could not be loaded: `retry` loads it again. */
export type AreaFailure<P> = (retry: () => void, props: P) => ReactNode;

interface BoundaryProps {
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches the failure of one lazily loaded area so the rest of the page stays usable, and tries
 * again by itself when the browser reports the connection back.
 */
class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('A part of the page could not be loaded', error, info.componentStack);
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  retry = (): void => {
    window.removeEventListener('online', this.retry);
    this.props.onRetry();
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * `React.lazy` for a part of the page whose chunk may fail to arrive (a flaky network, a
 * redeploy): the import is retried, and if it still fails only this area shows `failed`, with a
 * way to load it again — never the whole app's error page. The nearest Suspense above shows the
 * loading state as usual. Loaded once, the code is shared by every place that shows the area.
 */
export function lazyArea<P extends object>(load: Loader<P>, failed: AreaFailure<P>) {
  let generation = 0;
  let current: LazyExoticComponent<ComponentType<P>> = lazy(() => retryImport(load));

  function Area(props: P) {
    const [shown, setShown] = useState(generation);
    const retry = () => {
      // The first area to retry starts a fresh load; others showing the same failure join it.
      if (shown === generation) {
        generation += 1;
        current = lazy(() => retryImport(load));
      }
      setShown(generation);
    };
    const Loaded = current as unknown as ComponentType<P>;
    return (
      <ChunkBoundary key={shown} onRetry={retry} fallback={(again) => failed(again, props)}>
        <Loaded {...props} />
      </ChunkBoundary>
    );
  }

  return {
    Area,
    /** Starts the download early; a failure here is left to the area itself to show. */
    preload(): void {
      load().catch(() => undefined);
    },
  };
}
