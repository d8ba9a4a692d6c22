import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env.ts';
import { s3SettingsFromEnv } from './s3-settings.ts';

const problemsOf = (env: Record<string, string | boolean>): string[] => {
  try {
    s3SettingsFromEnv(env as never);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected the settings to be refused');
};

describe('S3 settings from the environment', () => {
  it('asks for nothing when no S3 variable is set (files stay on disk)', () => {
    expect(s3SettingsFromEnv({} as never)).toBeUndefined();
  });

  it('reads AWS settings: bucket in the host name, the SDK chain for keys when none are given', () => {
    expect(s3SettingsFromEnv({ S3_BUCKET: 'parley-files', S3_REGION: 'eu-west-3' } as never)).toEqual({
      bucket: 'parley-files',
      region: 'eu-west-3',
      forcePathStyle: false,
    });
  });

  it('reads another server: path style by default, region defaulted, keys kept together', () => {
    expect(
      s3SettingsFromEnv({
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      } as never),
    ).toEqual({
      bucket: 'files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(
      s3SettingsFromEnv({
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'https://s3.example',
        S3_FORCE_PATH_STYLE: false,
      } as never)?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses S3 variables without a bucket instead of quietly using the disk', () => {
    expect(problemsOf({ S3_REGION: 'eu-west-3' })).toEqual(['S3_BUCKET: required when S3_REGION is set']);
    expect(
      problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })[0],
    ).toBe('S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set');
  });

  it('refuses bucket names S3 does not allow', () => {
    for (const bucket of [
      'ab',
      'Upper',
      'under_score',
      '-dash',
      'dot.',
      'a..b',
      'x'.repeat(64),
      '../etc',
      'a b',
    ]) {
      expect(problemsOf({ S3_BUCKET: bucket, S3_REGION: 'eu-west-3' })[0], bucket).toMatch(
        /^S3_BUCKET: ".*" is not a bucket name/,
      );
    }
  });

  it('needs a region for AWS and refuses a malformed one', () => {
    expect(problemsOf({ S3_BUCKET: 'files' })).toEqual([
      'S3_REGION: required for AWS S3 (e.g. eu-west-3); set S3_ENDPOINT for another S3-compatible server',
    ]);
    expect(problemsOf({ S3_BUCKET: 'files', S3_REGION: 'eu west/3' })).toEqual([
      'S3_REGION: "eu west/3" is not a region name',
    ]);
  });

  it('refuses an endpoint that is not a plain http(s) URL', () => {
    const endpointProblem = (endpoint: string) =>
      problemsOf({ S3_BUCKET: 'files', S3_ENDPOINT: endpoint })[0];
    expect(endpointProblem('minio:9000')).toBe('S3_ENDPOINT: expected an http(s) URL, got "minio:"');
    expect(endpointProblem('not a url')).toBe(
      'S3_ENDPOINT: "not a url" is not a URL (e.g. http://minio:9000)',
    );
    expect(endpointProblem('file:///srv/s3')).toBe('S3_ENDPOINT: expected an http(s) URL, got "file:"');
    expect(endpointProblem('http://key:secret@minio:9000')).toMatch(
      /^S3_ENDPOINT: put the keys in S3_ACCESS_KEY_ID/,
    );
    expect(endpointProblem('http://minio:9000/?x=1')).toMatch(/must not carry a query or fragment$/);
  });

  it('needs both keys or neither, and lists every problem at once', () => {
    expect(problemsOf({ S3_BUCKET: 'files', S3_REGION: 'eu-west-3', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID',
    ]);
    expect(problemsOf({ S3_BUCKET: 'files', S3_REGION: 'eu-west-3', S3_SECRET_ACCESS_KEY: 's' })).toEqual([
      'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY',
    ]);
    expect(problemsOf({ S3_BUCKET: 'BAD', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY_ID: 'id' })).toHaveLength(3);
  });
});
