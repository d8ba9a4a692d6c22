// The workspace projects tsc checks, one run each: the web app needs DOM types and the server
// must not see them.
export const TYPECHECK_PROJECTS = [
  'packages/schema',
  'packages/llm-sim',
  'packages/server',
  'packages/web',
  'tests/e2e',
  'bench',
];
