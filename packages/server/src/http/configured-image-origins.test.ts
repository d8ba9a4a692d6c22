import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config.ts';
import { configuredImageOrigins } from './configured-image-origins.ts';

const config = (yaml: unknown, env: Record<string, string> = {}) =>
  ({ yaml, env }) as unknown as Pick<AppConfig, 'yaml' | 'env'>;

describe('configuredImageOrigins', () => {
  it('collects the origins of every icon parley.yaml names and the sign-in buttons’ images', () => {
    const origins = configuredImageOrigins(
      config(
        {
          endpoints: {
            custom: [
              { name: 'A', iconURL: 'https://icons.example/a.png' },
              { name: 'B', iconURL: 'https://icons.example/b.png' },
              { name: 'C', iconURL: '/assets/local.png' },
            ],
          },
          modelSpecs: { list: [{ name: 's', iconURL: 'https://cdn.example:8443/s.svg' }] },
          mcpServers: { files: { iconPath: 'http://intranet.example/mcp.png' } },
        },
        { OPENID_IMAGE_URL: 'https://idp.example/logo.png' },
      ),
    );
    expect(origins).toEqual([
      'http://intranet.example',
      'https://cdn.example:8443',
      'https://icons.example',
      'https://idp.example',
    ]);
  });

  it('names nothing for paths on this server, other schemes or garbage', () => {
    expect(
      configuredImageOrigins(
        config({
          endpoints: { custom: [{ iconURL: 'data:image/png;base64,AA' }, { iconURL: 'not a url' }] },
        }),
      ),
    ).toEqual([]);
  });
});
