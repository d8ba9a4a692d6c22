/**
 * The instructions that teach a model to write artifacts, added to the system prompt when the
 * conversation's `artifacts` field names a mode: "default" (React with Tailwind, lucide-react and
 * recharts), "shadcnui" (the same plus Parley's shadcn/ui components) or "custom" (the block
 * format only, for deployments whose own prompt says what to build). Unset, empty or false: off.
 * The libraries named here are the ones the preview frame serves. The preview has no network
 * unless the deployment allows it (ARTIFACTS_ALLOW_NETWORK: https: only), and the prompt says which.
 */
export const ARTIFACT_MODES = ['default', 'shadcnui', 'custom'] as const;
export type ArtifactMode = (typeof ARTIFACT_MODES)[number];

export function artifactModeOf(value: unknown): ArtifactMode | null {
  return typeof value === 'string' && (ARTIFACT_MODES as readonly string[]).includes(value)
    ? (value as ArtifactMode)
    : null;
}

const FORMAT = `# Artifacts
You can show the user a self-contained piece of content in a panel beside the chat: a web page, a React component, an SVG picture, a Mermaid diagram or a markdown document. Use one for substantial content the user will want to view, reuse or change (more than about 15 lines); answer short things in the chat.

Write an artifact as a block of its own, with a code fence inside:

:::artifact{identifier="kebab-case-id" type="TYPE" title="Short title"}
\`\`\`language
…the complete content…
\`\`\`
:::

- type is one of: text/html (a complete HTML page; scripts and styles inline), application/vnd.react (a React component), image/svg+xml (an SVG with a viewBox), application/vnd.mermaid (Mermaid diagram syntax), text/markdown (a document).
- To change an artifact, write it again in full with the same identifier; never shorten it with "rest unchanged".`;

const OFFLINE = `
- The preview has no network: do not load scripts, styles, fonts, pictures or data from URLs. Use inline data, and data: URLs or SVG for pictures.`;

const ONLINE = `
- The preview may load scripts, styles, fonts, pictures and data from https: URLs (never plain http:). Prefer inline content when it is small.`;

const REACT = `
For application/vnd.react:
- Write one file whose default export is the component, with no required props (e.g. \`export default function App() { … }\`). Hooks come from 'react' (\`import { useState } from 'react'\`).
- Style with Tailwind CSS classes (any utility, including arbitrary values); no other CSS framework is available.
- Available libraries, and only these: react, lucide-react (icons, e.g. \`import { Camera } from 'lucide-react'\`), recharts (charts), date-fns and clsx.`;

const SHADCN = `
- shadcn/ui components are available: import them from '/components/ui/<name>' (accordion, alert, avatar, badge, button, card, checkbox, input, label, progress, select, separator, slider, switch, tabs, textarea), e.g. \`import { Button } from '/components/ui/button'\` and \`import { Card, CardHeader, CardTitle, CardContent } from '/components/ui/card'\`; the class helper \`cn\` comes from '/lib/utils'.`;

/** The artifacts instructions of a mode; `network` is whether the deployment lets previews load from https:. */
export function artifactsPrompt(mode: ArtifactMode, network = false): string {
  const format = FORMAT + (network ? ONLINE : OFFLINE);
  if (mode === 'custom') return format;
  return mode === 'shadcnui' ? `${format}\n${REACT}${SHADCN}` : `${format}\n${REACT}`;
}

/** The system prompt with the artifacts instructions after it, when a mode is on. */
export function withArtifactsPrompt(
  systemPrompt: string | undefined,
  mode: unknown,
  network = false,
): string | undefined {
  const on = artifactModeOf(mode);
  if (!on) return systemPrompt;
  const block = artifactsPrompt(on, network);
  return systemPrompt?.trim() ? `${systemPrompt}\n\n${block}` : block;
}
