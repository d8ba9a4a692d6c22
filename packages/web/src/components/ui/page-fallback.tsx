import { Spinner } from './spinner';

/** Shown while a page's code chunk loads. Kept quiet: it usually lasts a few milliseconds. */
export function PageFallback() {
  return (
    <div className="flex h-full min-h-40 items-center justify-center text-fg-subtle">
      <Spinner className="size-6" />
    </div>
  );
}
