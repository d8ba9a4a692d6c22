/**
 * What a React artifact may import, each loaded only when an artifact imports it: React, the
 * icon set (lucide-react), the charts (recharts), date and class utilities, and a shadcn/ui
 * set under "/components/ui/<name>" or "@/components/ui/<name>" with its "@/lib/utils" helper.
 * Everything is Parley's own copy: nothing comes from the network.
 */
const LIBRARIES: Record<string, () => Promise<unknown>> = {
  react: () => import('react'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'lucide-react': () => import('lucide-react'),
  recharts: () => import('recharts'),
  'date-fns': () => import('date-fns'),
  clsx: () => import('clsx'),
};

const UI: Record<string, () => Promise<unknown>> = {
  accordion: () => import('./ui/accordion'),
  alert: () => import('./ui/alert'),
  avatar: () => import('./ui/avatar'),
  badge: () => import('./ui/badge'),
  button: () => import('./ui/button'),
  card: () => import('./ui/card'),
  checkbox: () => import('./ui/checkbox'),
  input: () => import('./ui/input'),
  textarea: () => import('./ui/input'),
  label: () => import('./ui/label'),
  progress: () => import('./ui/progress'),
  select: () => import('./ui/select'),
  separator: () => import('./ui/separator'),
  slider: () => import('./ui/slider'),
  switch: () => import('./ui/switch'),
  tabs: () => import('./ui/tabs'),
};

/** The loader of an import specifier, or null when artifacts cannot import it. */
export function libraryLoader(specifier: string): (() => Promise<unknown>) | null {
  if (Object.hasOwn(LIBRARIES, specifier)) return LIBRARIES[specifier]!;
  const local = specifier.replace(/^@\//, '/').replace(/^\/?/, '/');
  if (local === '/lib/utils') return () => import('./ui/cn');
  const ui = /^\/components\/ui\/([a-z-]+)$/.exec(local);
  if (ui && Object.hasOwn(UI, ui[1]!)) return UI[ui[1]!]!;
  return null;
}

export const AVAILABLE_UI = Object.keys(UI);
export const AVAILABLE_LIBRARIES = Object.keys(LIBRARIES);
