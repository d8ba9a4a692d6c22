import { checkedServiceUrl, requiredWhenSet, setVariables } from '../../config/env-group.ts';
import { ConfigError, type Env } from '../../config/env.ts';

/** Where and how uploaded bytes go to an S3-compatible bucket (from the `S3_*` variables). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS server (MinIO, Ceph, a local test server); absent for AWS itself. */
  endpoint?: string;
  /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, an instance role) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
}

export type S3Env = Pick<
  Env,
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

const NAMES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** S3's bucket naming rule: 3–63 lower-case letters, digits, dots and hyphens, letter or digit at both ends. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** AWS region names (`eu-west-3`) and the free-form names other servers accept (`garage`, `us-east-1`). */
const REGION_NAME = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Reads the `S3_*` variables: undefined when S3 is not asked for (no variable set), the settings
 * when they are complete, and a ConfigError naming every problem otherwise — so a half-written
 * configuration stops the start instead of silently keeping files on the local disk.
 */
export function s3SettingsFromEnv(env: S3Env): S3Settings | undefined {
  const named = setVariables(env, NAMES);
  if (named.length === 0) return undefined;

  const problems: string[] = [];
  const bucket = env.S3_BUCKET;
  if (bucket === undefined) problems.push(requiredWhenSet('S3_BUCKET', named));
  else if (!BUCKET_NAME.test(bucket) || bucket.includes('..'))
    problems.push(
      `S3_BUCKET: "${bucket}" is not a bucket name (3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit)`,
    );

  let endpoint: string | undefined;
  if (env.S3_ENDPOINT !== undefined) endpoint = checkedServiceUrl(env.S3_ENDPOINT, ENDPOINT_RULE, problems);

  const region = env.S3_REGION ?? (env.S3_ENDPOINT !== undefined ? 'us-east-1' : undefined);
  if (region === undefined)
    problems.push(
      'S3_REGION: required for AWS S3 (e.g. eu-west-3); set S3_ENDPOINT for another S3-compatible server',
    );
  else if (!REGION_NAME.test(region)) problems.push(`S3_REGION: "${region}" is not a region name`);

  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    problems.push(
      accessKeyId === undefined
        ? 'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY'
        : 'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID',
    );

  if (problems.length > 0 || bucket === undefined || region === undefined)
    throw new ConfigError('Invalid S3 storage settings', problems);
  return {
    bucket,
    region,
    ...(endpoint !== undefined && { endpoint }),
    ...(accessKeyId !== undefined &&
      secretAccessKey !== undefined && { credentials: { accessKeyId, secretAccessKey } }),
    // Other servers mostly serve buckets only under a path; AWS prefers the bucket in the host.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
  };
}

const ENDPOINT_RULE = {
  name: 'S3_ENDPOINT',
  example: 'http://minio:9000',
  credentialsGoTo: 'the keys in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
};
