import '@tailwindcss/browser';
import React, { Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { transform } from 'sucrase';
import { libraryLoader } from './library-modules';

/** The ES module code of an artifact as CommonJS (TypeScript and JSX removed). */
export function transpile(source: string): string {
  return transform(source, {
    transforms: ['jsx', 'typescript', 'imports'],
    jsxRuntime: 'classic',
    production: true,
    filePath: 'App.tsx',
  }).code;
}

/** The modules the transpiled code requires, in order of appearance. */
export function requiredModules(code: string): string[] {
  return [...new Set([...code.matchAll(/\brequire\((['"])([^'"]+)\1\)/g)].map((m) => m[2]!))];
}

async function loadModules(names: string[]): Promise<Map<string, unknown>> {
  const modules = new Map<string, unknown>();
  await Promise.all(
    names.map(async (name) => {
      const load = libraryLoader(name);
      if (!load) {
        throw new Error(
          `Cannot import "${name}": artifacts can use React, lucide-react, recharts, date-fns, clsx and the shadcn/ui components under /components/ui.`,
        );
      }
      modules.set(name, await load());
    }),
  );
  return modules;
}

type ComponentType = React.ComponentType;

function pickComponent(exported: Record<string, unknown>): ComponentType {
  const candidate = exported.default ?? Object.values(exported).find((value) => typeof value === 'function');
  if (
    typeof candidate !== 'function' &&
    !(candidate && typeof candidate === 'object' && '$$typeof' in candidate)
  ) {
    throw new Error('The artifact has no component to show: it needs "export default function App() { … }".');
  }
  return candidate as ComponentType;
}

class RenderBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The component shown now (a later artifact replaces it) and how many runs have started. */
let mounted: Root | null = null;
let runs = 0;

/**
 * Transpiles a React artifact, loads what it imports, and renders its default export into
 * `root` in place of the one shown before. Errors while rendering reach `onError` (the preview
 * shows them and tells the panel). Answers false when a newer run started while this one was
 * loading its imports: that one draws instead.
 */
export async function runReact(
  source: string,
  root: HTMLElement,
  onError: (error: unknown) => void,
): Promise<boolean> {
  const run = ++runs;
  const code = transpile(source);
  const modules = await loadModules(requiredModules(code));
  if (run !== runs) return false;
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const require = (name: string) => modules.get(name);
  // The artifact's own code, run in this sandboxed frame (the page's policy allows eval here only).
  new Function('require', 'module', 'exports', 'React', code)(require, module, module.exports, React);
  const App = pickComponent(module.exports);
  try {
    mounted?.unmount();
  } catch {
    // An error message had replaced the previous component's elements: nothing left to remove.
  }
  root.replaceChildren();
  mounted = createRoot(root);
  mounted.render(
    <RenderBoundary onError={onError}>
      <App />
    </RenderBoundary>,
  );
  return true;
}
