import type { Options } from 'react-markdown';

type Pluggable = NonNullable<Options['remarkPlugins']>[number];
/** What such a plugin uses of its processor: `data()`, the object extensions are pushed onto. */
interface WithData {
  data(): object;
}

/**
 * A remark syntax plugin (remark-gfm, remark-math) whose setup runs once instead of on every
 * parse. Such a plugin only builds extensions (micromark syntax, mdast handlers) and pushes them
 * onto the processor's data; building gfm's takes a few milliseconds, and a new processor is
 * made for every markdown block rendered. The first call records what the plugin pushes on a
 * stand-in processor; every processor after that gets the same (immutable) extensions.
 */
export function attachOnce(plugin: (...args: never[]) => unknown, options?: unknown): Pluggable {
  let recorded: [string, unknown[]][] | null = null;
  return function attach(this: WithData) {
    if (!recorded) {
      const stand: Record<string, unknown> = {};
      Reflect.apply(plugin, { data: () => stand }, options === undefined ? [] : [options]);
      recorded = Object.entries(stand).map(([key, value]) => [key, value as unknown[]]);
    }
    const data = this.data() as Record<string, unknown>;
    for (const [key, values] of recorded) {
      const list = (data[key] as unknown[] | undefined) ?? [];
      data[key] = [...list, ...values];
    }
  };
}
