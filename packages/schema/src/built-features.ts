import type { InterfaceConfig } from './startup-config.ts';

/** The interface flags of the startup configuration that switch a feature on or off. */
export type InterfaceFeature = {
  [K in keyof InterfaceConfig]-?: InterfaceConfig[K] extends boolean ? K : never;
}[keyof InterfaceConfig];

/**
 * Which of the spec's switchable features Parley has built. `/api/config` reports a feature's
 * interface flag as true only when it is built here (and parley.yaml does not turn it off), and
 * the web app shows a feature's settings only then: a flag must never announce something that
 * does not exist. The change that lands a feature turns its entry on.
 */
export const BUILT_FEATURES: Record<InterfaceFeature, boolean> = {
  endpointsMenu: true,
  modelSelect: true,
  parameters: true,
  presets: true,
  prompts: true,
  bookmarks: true,
  temporaryChat: true,
  /** The right-hand side panel (agent builder, prompts): collapsible, resizable, hideable. */
  sidePanel: true,
  memories: true,
  /** Talking to several models at once (the + command). */
  multiConvo: true,
  /** Agents: the builder in the side panel, agents in the model menu, agent chats. */
  agents: true,
  /** The Run button on code blocks and the execute_code tool (Pyodide and QuickJS on the server). */
  runCode: true,
  /** Web search: the `web_search` tool, the chat badge, sources and citations (needs parley.yaml's `webSearch`). */
  webSearch: true,
  /** File search: the `file_search` tool over the user's uploaded documents (PDF, DOCX, text), with citations. */
  fileSearch: true,
  /** Artifacts: the panel (preview, code, versions, edits) and the prompt modes. */
  artifacts: true,
};
