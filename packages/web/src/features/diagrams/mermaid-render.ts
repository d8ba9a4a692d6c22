import type { Mermaid } from 'mermaid';

let loaded: Promise<Mermaid> | null = null;
let counter = 0;
/** Renders run one at a time: mermaid keeps global state (its config) between them. */
let queue: Promise<unknown> = Promise.resolve();

function load(): Promise<Mermaid> {
  loaded ??= import('mermaid').then((m) => m.default);
  return loaded;
}

/**
 * A mermaid diagram as SVG markup. "strict" security: labels are sanitised and click handlers
 * and scripts are refused, so the markup may be placed in the page. Throws the parser's error for
 * a diagram that does not parse.
 */
export function renderMermaid(source: string, dark: boolean): Promise<string> {
  const run = queue.then(async () => {
    const mermaid = await load();
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: dark ? 'dark' : 'default',
      fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    });
    await mermaid.parse(source);
    const id = `parley-mermaid-${++counter}`;
    try {
      const { svg } = await mermaid.render(id, source);
      return svg;
    } finally {
      // A failed render leaves its scratch element behind in the page.
      document.getElementById(id)?.remove();
      document.getElementById(`d${id}`)?.remove();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
