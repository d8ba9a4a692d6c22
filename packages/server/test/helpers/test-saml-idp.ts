import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

const FIXTURES = fileURLToPath(new URL('../fixtures/saml/', import.meta.url));
const key = (name: string) => readFileSync(`${FIXTURES}${name}.key`, 'utf8');
const cert = (name: string) => readFileSync(`${FIXTURES}${name}.crt`, 'utf8');

/** A person the test identity provider signs in: the NameID and the attributes it states. */
export interface SamlPerson {
  nameId: string;
  attributes: Record<string, string | string[]>;
}

/** An AuthnRequest the identity provider received. */
export interface SeenRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

/** What to put in (or leave out of) a response; by default a correct, signed answer. */
export interface ResponseOptions {
  request: Pick<SeenRequest, 'id' | 'acsUrl' | 'issuer'>;
  person: SamlPerson;
  /** InResponseTo; default the request's id. */
  inResponseTo?: string;
  /** default the request's issuer (this service's entity id). */
  audience?: string;
  /** Validity window end, relative to now; default five minutes ahead. */
  expiresInMs?: number;
  /** What carries a signature; default the assertion. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Which key signs: the trusted one, or another identity provider's. */
  signer?: 'idp' | 'other-idp';
}

export interface TestSamlIdp {
  /** The SSO URL (SAML_ENTRY_POINT). */
  entryPoint: string;
  entityId: string;
  /** The trusted signing certificate's file (SAML_CERT may be a path). */
  certPath: string;
  certPem: string;
  /** The person the next browser visit signs in; null answers 'access denied'. */
  signIn: SamlPerson | null;
  /** Every AuthnRequest received, last one last. */
  requests: SeenRequest[];
  /** A SAMLResponse (base64 XML) built as asked. */
  response(opts: ResponseOptions): string;
  /** The response XML before base64, for tests that rearrange it. */
  responseXml(opts: ResponseOptions): string;
  /** An unsigned assertion as a response for `opts` would carry, with the given ID if any. */
  assertion(opts: ResponseOptions, id?: string): string;
  stop(): Promise<void>;
}

const NS_P = 'urn:oasis:names:tc:SAML:2.0:protocol';
const NS_A = 'urn:oasis:names:tc:SAML:2.0:assertion';

/**
 * A SAML 2.0 identity provider on a loopback port, for tests: it reads the service's
 * AuthnRequest (HTTP-Redirect binding), signs a response with xml-crypto (RSA-SHA256, exclusive
 * canonicalisation) and answers with a page whose form posts it to the service's
 * AssertionConsumerServiceURL by itself (HTTP-POST binding). Tests also build responses
 * directly to send crafted ones.
 */
export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp.local');
    if (url.pathname !== '/sso') {
      res.writeHead(404).end();
      return;
    }
    const encoded = url.searchParams.get('SAMLRequest');
    if (!encoded) {
      res.writeHead(400).end('no SAMLRequest');
      return;
    }
    const request = readRequest(encoded, url.searchParams.get('RelayState') ?? '');
    idp.requests.push(request);
    const person = idp.signIn;
    const samlResponse = person
      ? idp.response({ request, person })
      : Buffer.from(statusResponse(request, 'urn:oasis:names:tc:SAML:2.0:status:AuthnFailed')).toString(
          'base64',
        );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(postPage(request, samlResponse));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;

  const responseXml = (opts: ResponseOptions): string => {
    const sign = opts.sign ?? 'assertion';
    const signer = opts.signer ?? 'idp';
    let xml = buildResponse(entityId, opts);
    if (sign === 'assertion' || sign === 'both') {
      xml = signElement(xml, "//*[local-name(.)='Assertion']", signer);
    }
    if (sign === 'response' || sign === 'both') {
      xml = signElement(xml, "/*[local-name(.)='Response']", signer);
    }
    return xml;
  };

  const idp: TestSamlIdp = {
    entryPoint: `${base}/sso`,
    entityId,
    certPath: `${FIXTURES}idp.crt`,
    certPem: cert('idp'),
    signIn: null,
    requests: [],
    responseXml,
    response: (opts) => Buffer.from(responseXml(opts)).toString('base64'),
    assertion: (opts, id) => assertionFor(entityId, opts, id),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return idp;
}

function readRequest(encoded: string, relayState: string): SeenRequest {
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '';
  return { id: attr('ID'), acsUrl: attr('AssertionConsumerServiceURL'), issuer, relayState };
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const newId = () => `_${randomBytes(16).toString('hex')}`;

function buildResponse(idpEntity: string, opts: ResponseOptions): string {
  const iso = new Date().toISOString();
  return (
    `<samlp:Response xmlns:samlp="${NS_P}" xmlns:saml="${NS_A}" ID="${newId()}" Version="2.0" ` +
    `IssueInstant="${iso}" Destination="${escapeXml(opts.request.acsUrl)}" ` +
    `InResponseTo="${escapeXml(opts.inResponseTo ?? opts.request.id)}">` +
    `<saml:Issuer>${escapeXml(idpEntity)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertionFor(idpEntity, opts) +
    `</samlp:Response>`
  );
}

/** The unsigned assertion a response built from `opts` carries (`id` fixes its ID). */
function assertionFor(idpEntity: string, opts: ResponseOptions, id = newId()): string {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const until = iso(now + (opts.expiresInMs ?? 5 * 60_000));
  const notBefore = iso(Math.min(now, now + (opts.expiresInMs ?? 0)) - 60_000);
  const attributes = Object.entries(opts.person.attributes)
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value])
        .map((v) => `<saml:AttributeValue>${escapeXml(v)}</saml:AttributeValue>`)
        .join('');
      return `<saml:Attribute Name="${escapeXml(name)}">${values}</saml:Attribute>`;
    })
    .join('');
  return assertionXml({
    id,
    idpEntity,
    nameId: opts.person.nameId,
    inResponseTo: escapeXml(opts.inResponseTo ?? opts.request.id),
    acs: escapeXml(opts.request.acsUrl),
    audience: escapeXml(opts.audience ?? opts.request.issuer),
    notBefore,
    until,
    attributes,
  });
}

function assertionXml(a: {
  idpEntity: string;
  nameId: string;
  inResponseTo: string;
  acs: string;
  audience: string;
  notBefore: string;
  until: string;
  attributes: string;
  id: string;
}): string {
  const now = new Date().toISOString();
  return (
    `<saml:Assertion xmlns:saml="${NS_A}" ID="${a.id}" Version="2.0" IssueInstant="${now}">` +
    `<saml:Issuer>${escapeXml(a.idpEntity)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">` +
    `${escapeXml(a.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${a.until}" Recipient="${a.acs}" InResponseTo="${a.inResponseTo}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${a.notBefore}" NotOnOrAfter="${a.until}">` +
    `<saml:AudienceRestriction><saml:Audience>${a.audience}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="${newId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${a.attributes}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

/** An enveloped signature over the element `xpath` selects, placed after its Issuer. */
function signElement(xml: string, xpath: string, signer: 'idp' | 'other-idp'): string {
  const sig = new SignedXml({
    privateKey: key(signer),
    publicCert: cert(signer),
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return sig.getSignedXml();
}

function statusResponse(request: SeenRequest, status: string): string {
  return (
    `<samlp:Response xmlns:samlp="${NS_P}" xmlns:saml="${NS_A}" ID="${newId()}" Version="2.0" ` +
    `IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(request.acsUrl)}" ` +
    `InResponseTo="${escapeXml(request.id)}"><saml:Issuer>test-idp</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder">` +
    `<samlp:StatusCode Value="${status}"/></samlp:StatusCode></samlp:Status></samlp:Response>`
  );
}

/** The HTTP-POST binding: a form that submits itself to the service. */
function postPage(request: SeenRequest, samlResponse: string): string {
  return `<!doctype html><html><head><title>Test SAML identity provider</title></head><body>
<h1>Test SAML identity provider</h1>
<form method="post" action="${escapeXml(request.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeXml(samlResponse)}">
<input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}">
<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit();</script>
</body></html>`;
}
