/**
 * @simplewebauthn/server, imported by the first passkey request: with its CBOR, ASN.1 and
 * certificate helpers it holds several MB of memory (about 25 MB resident when imported alone)
 * that a server where nobody uses passkeys since its start would otherwise keep.
 */
export const loadWebAuthn = () => import('@simplewebauthn/server');
