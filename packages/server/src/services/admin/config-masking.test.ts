import { describe, expect, it } from 'vitest';
import { MASK, maskConfig, maskUrls } from './config-masking.ts';

describe('maskConfig', () => {
  it('masks secret keys, headers, MCP env, ${VAR} values and URL credentials', () => {
    const raw = {
      endpoints: {
        custom: [
          {
            name: 'Groq',
            apiKey: '${GROQ_KEY}',
            baseURL: 'https://${GROQ_HOST}/v1',
            headers: { 'X-Org': 'acme-secret-org' },
            models: { default: ['llama'] },
          },
        ],
      },
      mcpServers: {
        files: { command: 'npx', env: { TOKEN: 'abc' }, oauth: { client_id: 'id', client_secret: 's3cr3t' } },
        remote: { url: 'https://bob:hunter2@mcp.example.com/sse?token=zzz&x=1' },
      },
      webSearch: { searxngInstanceUrl: '${SEARX_URL}' },
    };
    const parsed = JSON.parse(
      JSON.stringify(raw)
        .replace('${GROQ_KEY}', 'gsk_live_123')
        .replace('${GROQ_HOST}', 'internal.example')
        .replace('${SEARX_URL}', 'https://searx.internal'),
    ) as typeof raw;
    const masked = JSON.stringify(maskConfig(parsed, raw));
    for (const secret of [
      'gsk_live_123',
      'internal.example',
      'acme-secret-org',
      'abc',
      's3cr3t',
      'hunter2',
      'zzz',
      'searx.internal',
    ])
      expect(masked).not.toContain(secret);
    const shown = maskConfig(parsed, raw) as typeof raw;
    const groq = shown.endpoints.custom[0]!;
    expect(groq.apiKey).toBe(MASK);
    expect(groq.baseURL).toBe('https://${GROQ_HOST}/v1');
    expect(groq.headers).toEqual({ 'X-Org': MASK });
    expect(groq.models).toEqual({ default: ['llama'] });
    expect(shown.mcpServers.files.oauth).toEqual({ client_id: 'id', client_secret: MASK });
    expect(shown.mcpServers.files.env).toEqual({ TOKEN: MASK });
    expect(shown.mcpServers.remote.url).toBe(`https://${MASK}@mcp.example.com/sse?token=${MASK}&x=1`);
    expect(shown.webSearch.searxngInstanceUrl).toBe('${SEARX_URL}');
  });

  it('leaves URLs without credentials alone', () => {
    expect(maskUrls('https://api.openai.com/v1?x=1')).toBe('https://api.openai.com/v1?x=1');
    expect(maskUrls('postgres://u:p@db:5432/x')).toBe(`postgres://${MASK}@db:5432/x`);
  });
});
