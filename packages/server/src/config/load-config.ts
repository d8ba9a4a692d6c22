import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from './env.ts';
import {
  parleyYamlSchema,
  unimplementedSectionsIn,
  type ParleyYaml,
  type UnimplementedSection,
} from './yaml-schema.ts';

/** Replaces `${NAME}` with the environment's value; an unset variable becomes an empty string. */
export function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string')
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => env[name] ?? '');
  if (Array.isArray(value)) return value.map((v) => interpolateEnv(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env)]));
  }
  return value;
}

export interface LoadedYaml {
  config: ParleyYaml;
  /** The path the file was read from, or null when there was none. */
  path: string | null;
  /** Sections present in the file that Parley accepts but does not act on yet. */
  unimplementedSections: UnimplementedSection[];
}

/** Parses and validates YAML text; throws a ConfigError listing every bad key with its path. */
export function parseParleyYaml(
  text: string,
  env: NodeJS.ProcessEnv = process.env,
): Omit<LoadedYaml, 'path'> {
  let raw: unknown;
  try {
    raw = parseYaml(text) ?? {};
  } catch (error) {
    throw new ConfigError(`parley.yaml is not valid YAML: ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigError('parley.yaml must be a mapping of sections');
  const result = parleyYamlSchema.safeParse(interpolateEnv(raw, env));
  if (!result.success) {
    const problems = result.error.issues.flatMap((issue) => {
      const path = issue.path.join('.') || '(root)';
      if (issue.code === 'unrecognized_keys')
        return issue.keys.map((k) => `${path === '(root)' ? k : `${path}.${k}`}: unknown key`);
      return [`${path}: ${issue.message}`];
    });
    throw new ConfigError('parley.yaml is invalid', problems);
  }
  return { config: result.data, unimplementedSections: unimplementedSectionsIn(result.data) };
}

export function loadParleyYaml(configPath: string, env: NodeJS.ProcessEnv = process.env): LoadedYaml {
  const path = resolve(configPath);
  if (!existsSync(path)) return { config: {}, path: null, unimplementedSections: [] };
  return { ...parseParleyYaml(readFileSync(path, 'utf8'), env), path };
}
