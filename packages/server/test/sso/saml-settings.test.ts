import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../src/bus/memory-bus.ts';
import { buildAppConfig } from '../../src/config/app-config.ts';
import { parseEnv } from '../../src/config/env.ts';
import { parseParleyYaml } from '../../src/config/load-config.ts';
import { SamlRequestCache } from '../../src/services/sso/saml-request-cache.ts';
import { readCertificate, SamlSignIn, samlSettings } from '../../src/services/sso/saml-sign-in.ts';
import { SsoError } from '../../src/services/sso/sso-error.ts';
import { startTestSamlIdp, type SamlPerson, type TestSamlIdp } from '../helpers/test-saml-idp.ts';

function settingsFrom(vars: Record<string, string>) {
  const source = { DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-saml-')), ...vars };
  return samlSettings(buildAppConfig(parseEnv(source), { ...parseParleyYaml('', source), path: null }));
}

/** The SAML service provider without a server: settings, attribute mapping, certificates. */
describe('SAML settings and attribute mapping', () => {
  let idp: TestSamlIdp;
  const bus = new MemoryBus();
  beforeAll(async () => {
    idp = await startTestSamlIdp();
  });
  afterAll(async () => {
    await idp.stop();
    await bus.close();
  });

  const base = () => ({
    SAML_ENTRY_POINT: idp.entryPoint,
    SAML_ISSUER: 'https://parley.test/saml',
    SAML_CERT: idp.certPath,
  });

  /** Signs `person` in through a SamlSignIn built from `vars`; returns the profile it maps. */
  async function profileOf(vars: Record<string, string>, person: SamlPerson) {
    const flow = new SamlSignIn(
      settingsFrom({ ...base(), ...vars })!,
      new SamlRequestCache(() => bus, 60_000),
    );
    const { redirectUrl, attempt } = await flow.begin();
    await fetch(redirectUrl);
    const request = idp.requests.at(-1)!;
    expect(request.id).toBe(attempt.requestId);
    const fields = new URLSearchParams({ SAMLResponse: idp.response({ request, person }) });
    return (await flow.complete(fields, attempt)).profile;
  }

  it('is off until entry point, issuer and certificate are all set', () => {
    expect(settingsFrom({})).toBeNull();
    expect(settingsFrom({ ...base(), SAML_CERT: '' })).toBeNull();
    expect(settingsFrom(base())).toMatchObject({
      callbackUrl: 'http://localhost:3080/oauth/saml/callback',
      responseSigned: false,
    });
    expect(settingsFrom({ ...base(), SAML_CALLBACK_URL: '/sso/acs' })!.callbackUrl).toBe(
      'http://localhost:3080/sso/acs',
    );
  });

  it('refuses a plain-http entry point that is not on loopback, and a certificate it cannot read', () => {
    expect(() => settingsFrom({ ...base(), SAML_ENTRY_POINT: 'http://idp.example.com/sso' })).toThrow(
      /SAML_ENTRY_POINT must be an https:\/\/ URL/,
    );
    expect(() => settingsFrom({ ...base(), SAML_CERT: '/nonexistent/idp.crt' })).toThrow(/SAML_CERT/);
  });

  it('reads SAML_CERT as PEM text, bare base64 or a file path', () => {
    const pem = idp.certPem.trim();
    const bare = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    expect(readCertificate(pem)).toBe(pem);
    expect(readCertificate(bare)).toBe(bare);
    expect(readCertificate(idp.certPath)).toBe(pem);
  });

  it('maps the usual attribute names: mail, givenName and surname, uid, picture', async () => {
    const profile = await profileOf(
      {},
      {
        nameId: 'u-1',
        attributes: {
          'urn:oid:0.9.2342.19200300.100.1.3': ['First@Example.COM', 'second@example.com'],
          givenName: 'Grace',
          surname: 'Hopper',
          uid: 'ghopper',
          picture: 'https://example.com/g.png',
        },
      },
    );
    expect(profile).toEqual({
      provider: 'saml',
      subject: 'u-1',
      email: 'first@example.com',
      emailVerified: true,
      name: 'Grace Hopper',
      username: 'ghopper',
      avatar: 'https://example.com/g.png',
    });
  });

  it('reads the attributes the SAML_*_CLAIM variables name instead', async () => {
    const profile = await profileOf(
      {
        SAML_EMAIL_CLAIM: 'corpMail',
        SAML_USERNAME_CLAIM: 'login',
        SAML_NAME_CLAIM: 'fullName',
        SAML_PICTURE_CLAIM: 'photo',
      },
      {
        nameId: 'u-2',
        attributes: {
          email: 'ignored@example.com',
          corpMail: 'ada@corp.example',
          login: 'ada',
          fullName: 'Ada Lovelace',
          photo: 'http://insecure.example/a.png',
        },
      },
    );
    // An http:// picture is dropped: the page would load it on every visit.
    expect(profile).toMatchObject({ email: 'ada@corp.example', username: 'ada', name: 'Ada Lovelace' });
    expect(profile.avatar).toBeUndefined();

    const split = await profileOf(
      { SAML_GIVEN_NAME_CLAIM: 'first', SAML_FAMILY_NAME_CLAIM: 'last' },
      { nameId: 'u-3', attributes: { first: 'Alan', last: 'Turing', given_name: 'Not' } },
    );
    expect(split).toMatchObject({ name: 'Alan Turing', email: undefined, emailVerified: false });
  });

  it('takes the NameID as the address when it is one, and refuses an assertion without NameID', async () => {
    expect(await profileOf({}, { nameId: 'Someone@Example.com', attributes: {} })).toMatchObject({
      subject: 'Someone@Example.com',
      email: 'someone@example.com',
      emailVerified: true,
    });
    await expect(
      profileOf({}, { nameId: '', attributes: { email: 'x@example.com' } }),
    ).rejects.toBeInstanceOf(SsoError);
  });

  it('with SAML_USE_AUTHN_RESPONSE_SIGNED, refuses a response whose assertion alone is signed', async () => {
    const flow = new SamlSignIn(
      settingsFrom({ ...base(), SAML_USE_AUTHN_RESPONSE_SIGNED: 'true' })!,
      new SamlRequestCache(() => bus, 60_000),
    );
    const answer = async (sign: 'assertion' | 'both') => {
      const { redirectUrl, attempt } = await flow.begin();
      await fetch(redirectUrl);
      const request = idp.requests.at(-1)!;
      const fields = new URLSearchParams({
        SAMLResponse: idp.response({ request, person: { nameId: 'r-1', attributes: {} }, sign }),
      });
      return flow.complete(fields, attempt);
    };
    await expect(answer('assertion')).rejects.toMatchObject({ code: 'assertion_rejected' });
    await expect(answer('both')).resolves.toMatchObject({ profile: { subject: 'r-1' } });
  });
});
