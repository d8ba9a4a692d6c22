import { describe, expect, it } from 'vitest';
import { oauthBody, oauthFormErrors, oauthFormOf, type ActionOAuthForm } from './action-oauth-form';

const good: ActionOAuthForm = {
  authorizationUrl: 'https://auth.example.com/authorize',
  tokenUrl: 'https://auth.example.com/token',
  scope: 'read',
  method: 'basic_auth_header',
  clientId: ' client ',
  clientSecret: 's3cret',
};

describe('the action OAuth form', () => {
  it('accepts a complete form and builds the save body, trimmed', () => {
    expect(oauthFormErrors(good, false)).toEqual({});
    expect(oauthBody(good)).toEqual({
      auth: {
        type: 'oauth',
        authorization_url: good.authorizationUrl,
        client_url: good.tokenUrl,
        scope: 'read',
        token_exchange_method: 'basic_auth_header',
      },
      oauth_client_id: 'client',
      oauth_client_secret: 's3cret',
    });
  });

  it('names each bad field', () => {
    expect(
      oauthFormErrors(
        { ...good, authorizationUrl: '', tokenUrl: 'ftp://x/token', scope: 's'.repeat(1_001), clientId: ' ' },
        false,
      ),
    ).toEqual({
      authorizationUrl: 'agents.oauth_url_required',
      tokenUrl: 'agents.oauth_url_invalid',
      scope: 'agents.oauth_scope_too_long',
      clientId: 'agents.oauth_client_id_required',
    });
    expect(oauthFormErrors({ ...good, tokenUrl: 'not a url' }, false).tokenUrl).toBe(
      'agents.oauth_url_invalid',
    );
    expect(
      oauthFormErrors({ ...good, tokenUrl: `https://a.example/${'x'.repeat(2_000)}` }, false).tokenUrl,
    ).toBe('agents.oauth_url_too_long');
    expect(oauthFormErrors({ ...good, clientSecret: 'x'.repeat(10_001) }, false).clientSecret).toBe(
      'agents.oauth_client_too_long',
    );
  });

  it('keeps a saved client when the id is left empty, and never pre-fills it', () => {
    expect(oauthFormErrors({ ...good, clientId: '', clientSecret: '' }, true)).toEqual({});
    expect(oauthBody({ ...good, clientId: '', clientSecret: '' })).not.toHaveProperty('oauth_client_id');
    const form = oauthFormOf({
      action_id: 'act_1',
      agent_id: 'a',
      domain: 'api.example.com',
      metadata: {
        raw_spec: '{}',
        auth: { type: 'oauth', authorization_url: good.authorizationUrl, client_url: good.tokenUrl },
        api_key_set: false,
        oauth_client_set: true,
      },
      functions: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(form).toMatchObject({ method: 'default_post', clientId: '', clientSecret: '', scope: '' });
  });
});
