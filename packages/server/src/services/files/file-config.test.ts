import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env.ts';
import { parseParleyYaml } from '../../config/load-config.ts';
import { resolveFileConfig } from './file-config.ts';

describe('fileConfig', () => {
  it('is validated strictly: unknown keys and bad values are listed with their paths', () => {
    let error: ConfigError | undefined;
    try {
      parseParleyYaml(`fileConfig:
  serverFileSizeLimit: -1
  avatarSizeLimt: 2
  endpoints:
    default:
      fileLimit: 1.5
      supportedMimeTypes: ["image/(png"]
  clientImageResize:
    quality: 2
`);
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error!.problems.join('\n');
    expect(text).toContain('fileConfig.serverFileSizeLimit');
    expect(text).toContain('fileConfig.avatarSizeLimt: unknown key');
    expect(text).toContain('fileConfig.endpoints.default.fileLimit');
    expect(text).toContain(
      'fileConfig.endpoints.default.supportedMimeTypes.0: is not a valid regular expression',
    );
    expect(text).toContain('fileConfig.clientImageResize.quality');
  });

  it('turns megabytes into bytes, fills defaults and caps endpoints at the server limit', () => {
    const { config } = parseParleyYaml(`fileConfig:
  serverFileSizeLimit: 100
  avatarSizeLimit: 1
  endpoints:
    default: { totalSizeLimit: 50 }
    anthropic: { fileLimit: 3, fileSizeLimit: 200 }
  clientImageResize: { enabled: true, maxWidth: 800 }
`);
    const resolved = resolveFileConfig(config.fileConfig);
    expect(resolved.serverFileSizeLimit).toBe(100 * 1048576);
    expect(resolved.avatarSizeLimit).toBe(1048576);
    expect(resolved.endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 100 * 1048576,
      totalSizeLimit: 50 * 1048576,
    });
    expect(resolved.endpoints.anthropic).toMatchObject({
      fileLimit: 3,
      fileSizeLimit: 100 * 1048576,
      totalSizeLimit: 50 * 1048576,
    });
    expect(resolved.clientImageResize).toEqual({
      enabled: true,
      maxWidth: 800,
      maxHeight: 1900,
      quality: 0.92,
    });
    expect(parseParleyYaml('fileConfig: {}').unimplementedSections).toEqual([]);
  });
});
