// Reads the user guide's pages (docs/guide/*.md) and the examples they mark as runnable:
// ```yaml parley-example blocks (parley.yaml) and ```sh parley-env blocks (KEY=value lines), so
// the guide's test starts exactly what a reader copies.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

export const GUIDE_DIR = new URL('../../../../docs/guide/', import.meta.url).pathname;

export interface GuidePage {
  file: string;
  markdown: string;
  /** The page's runnable parley.yaml blocks, in order. */
  yaml: string[];
  /** The page's runnable environment, every block's lines together. */
  env: Record<string, string>;
}

/** The fenced blocks of `markdown` whose info string is exactly `info`. */
export function fencedBlocks(markdown: string, info: string): string[] {
  const blocks: string[] = [];
  const fence = /^```([^\n]*)\n([\s\S]*?)^```\s*$/gm;
  for (const match of markdown.matchAll(fence)) if (match[1]!.trim() === info) blocks.push(match[2]!);
  return blocks;
}

/** `KEY=value` lines (comments and blank lines skipped); a value keeps everything after the first `=`. */
export function envLines(block: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) throw new Error(`not a KEY=value line: ${trimmed}`);
    env[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return env;
}

export function readGuidePage(file: string): GuidePage {
  const markdown = readFileSync(join(GUIDE_DIR, file), 'utf8');
  return {
    file,
    markdown,
    yaml: fencedBlocks(markdown, 'yaml parley-example'),
    env: Object.assign({}, ...fencedBlocks(markdown, 'sh parley-env').map(envLines)) as Record<
      string,
      string
    >,
  };
}

/** Every feature page (the index, README.md, is not one). */
export function guidePageFiles(): string[] {
  return readdirSync(GUIDE_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort();
}

/** Variables that name Parley's own address, not a service it calls: never redirected. */
const OWN_ADDRESS = new Set(['DOMAIN_CLIENT', 'DOMAIN_SERVER']);
const ORIGIN = /\bhttps?:\/\/([A-Za-z0-9.-]+)(?::\d+)?/g;

/**
 * The page's configuration with every service it names (`http://searxng:8080`,
 * `https://api.openai.com/v1`) pointed at the simulator instead, keeping the paths; an environment
 * value that is exactly one of those host names (an allowlist entry) becomes the simulator's host.
 */
export function pointedAtSimulator(
  page: GuidePage,
  simUrl: string,
): { yaml: string[]; env: Record<string, string> } {
  const sim = new URL(simUrl);
  const hosts = new Set<string>();
  const redirect = (text: string) =>
    text.replace(ORIGIN, (_all, host: string) => {
      hosts.add(host);
      return sim.origin;
    });
  const yaml = page.yaml.map(redirect);
  const env = Object.fromEntries(
    Object.entries(page.env).map(([key, value]) => [key, OWN_ADDRESS.has(key) ? value : redirect(value)]),
  );
  for (const [key, value] of Object.entries(env)) if (hosts.has(value)) env[key] = sim.hostname;
  return { yaml, env };
}

/**
 * The page's parley.yaml blocks merged into one file, on top of `base` (the provider every page
 * builds on): sections the page sets replace the base's, except `endpoints`, whose keys merge.
 */
export function mergedYaml(base: string, blocks: string[]): string {
  const merged = (parse(base) ?? {}) as Record<string, unknown>;
  for (const block of blocks) {
    const page = (parse(block) ?? {}) as Record<string, unknown>;
    for (const [section, value] of Object.entries(page)) {
      merged[section] =
        section === 'endpoints' ? { ...(merged.endpoints as object), ...(value as object) } : value;
    }
  }
  return stringify(merged);
}
