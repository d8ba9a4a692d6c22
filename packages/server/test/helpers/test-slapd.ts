import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);
const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SLAPTEST = '/usr/sbin/slaptest';

export const SUFFIX = 'dc=parley,dc=test';
export const PEOPLE = `ou=people,${SUFFIX}`;
/** The service account Parley searches with; anonymous clients may search nothing. */
export const READER = { dn: `cn=reader,${SUFFIX}`, password: 'reader-secret' };

export interface DirectoryPerson {
  uid: string;
  cn: string;
  sn: string;
  givenName?: string;
  mail?: string;
  password: string;
}

export interface TestSlapd {
  /** ldap://127.0.0.1:PORT, serving plain LDAP and StartTLS. */
  url: string;
  /** PEM of the certificate authority that signed the server's certificate. */
  caCertPath: string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's OpenLDAP server on a loopback port with a throwaway configuration and a tree
 * loaded by slapadd: `ou=people` holding `people`, readable only by READER and by each person
 * themselves (passwords only for binding). StartTLS is offered with a certificate for 127.0.0.1
 * from a CA made for this run.
 */
export async function startTestSlapd(people: DirectoryPerson[]): Promise<TestSlapd> {
  for (const binary of [SLAPD, SLAPADD, SLAPTEST]) {
    if (!existsSync(binary)) {
      throw new Error(
        `${binary} is missing: install Debian's OpenLDAP server (apt-get install slapd ldap-utils)`,
      );
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'parley-slapd-'));
  await mkdir(join(dir, 'data'));
  await mkdir(join(dir, 'config'));
  const tls = await makeCertificates(dir);
  await writeFile(join(dir, 'slapd.conf'), slapdConf(dir, tls));
  await writeFile(join(dir, 'tree.ldif'), treeLdif(people));
  const conf = ['-f', join(dir, 'slapd.conf')];
  await run(SLAPADD, [...conf, '-n', '1', '-l', join(dir, 'tree.ldif')]);
  // The server itself runs from a cn=config directory, as Debian's does.
  await run(SLAPTEST, [...conf, '-F', join(dir, 'config')]);
  const port = await freePort();
  const child: ChildProcess = spawn(
    SLAPD,
    ['-h', `ldap://127.0.0.1:${port}`, '-F', join(dir, 'config'), '-d', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  await waitForPort(port, child, () => log);
  return {
    url: `ldap://127.0.0.1:${port}`,
    caCertPath: tls.ca,
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => (socket.destroy(), resolve(true)))
        .once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`slapd did not listen on ${port}: ${log()}`);
}

interface Certificates {
  ca: string;
  cert: string;
  key: string;
}

/** A CA and a server certificate for 127.0.0.1 signed by it (P-256 keys: quick to make). */
async function makeCertificates(dir: string): Promise<Certificates> {
  const at = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Parley test CA',
  ]);
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  ]);
  await writeFile(at('san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '1',
    '-extfile',
    at('san.cnf'),
  ]);
  return { ca: at('ca.pem'), cert: at('server.pem'), key: at('server.key') };
}

function slapdConf(dir: string, tls: Certificates): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${join(dir, 'slapd.pid')}
TLSCACertificateFile ${tls.ca}
TLSCertificateFile ${tls.cert}
TLSCertificateKeyFile ${tls.key}
database mdb
maxsize 10485760
suffix "${SUFFIX}"
rootdn "cn=admin,${SUFFIX}"
directory ${join(dir, 'data')}
access to attrs=userPassword by anonymous auth by * none
access to * by dn.exact="${READER.dn}" read by self read by * none
`;
}

function treeLdif(people: DirectoryPerson[]): string {
  const entries = [
    [`dn: ${SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Parley test', 'dc: parley'],
    [
      `dn: ${READER.dn}`,
      'objectClass: organizationalRole',
      'objectClass: simpleSecurityObject',
      'cn: reader',
      `userPassword: ${READER.password}`,
    ],
    [`dn: ${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: people'],
    ...people.map((p) => [
      `dn: uid=${p.uid},${PEOPLE}`,
      'objectClass: inetOrgPerson',
      `uid: ${p.uid}`,
      `cn: ${p.cn}`,
      `sn: ${p.sn}`,
      ...(p.givenName ? [`givenName: ${p.givenName}`] : []),
      ...(p.mail ? [`mail: ${p.mail}`] : []),
      `userPassword: ${p.password}`,
    ]),
  ];
  return entries.map((lines) => lines.join('\n')).join('\n\n') + '\n';
}
