import { ARTIFACT_HTML_POLICY } from '@parley/schema';

/**
 * Keeps artifact code away from WebRTC. An RTCPeerConnection sends UDP (STUN) to any address it
 * is given and the page's connect-src does not apply to it; Chromium enforces no CSP directive
 * for WebRTC either. So the preview takes the constructors away, and closes every way artifact
 * code could reach a browsing context where they still exist:
 *
 * - This document: the RTC* globals are deleted before any artifact runs. `document.open()` keeps
 *   the same global object, so an HTML artifact written into this document finds them gone too.
 * - A child frame of about:blank: the frame inherits the sandbox, so the browser gives it a new
 *   opaque origin and this document cannot touch its window (the browser enforces that).
 * - A child frame that loads code of its own: every URL is closed by `frame-src 'none'`; what
 *   is left is `srcdoc`, whose document would inherit this page's policy, inline scripts
 *   included. The page's policy requires Trusted Types, so every string the artifact turns
 *   into HTML (innerHTML, setAttribute('srcdoc'), DOMParser, document.write…) passes through the
 *   default policy below, in the browser, however it is called. It refuses a srcdoc value and
 *   any markup naming srcdoc. XSLT builds attributes without such a check, so it is deleted too.
 * - A pop-up: the frame's sandbox has no allow-popups. A worker: it has no RTCPeerConnection.
 */
const WEBRTC_GLOBALS = /^(webkit)?RTC/;
/** XSLT output can name an attribute `src` + `doc` without the markup ever spelling it. */
const UNCHECKED_MARKUP_BUILDERS = ['XSLTProcessor'];

interface TrustedTypePolicy {
  createHTML(input: string): unknown;
}
interface TrustedTypeFactory {
  createPolicy(
    name: string,
    rules: {
      createHTML?: (input: string, type: string, sink: string) => string;
      createScript?: (input: string) => string;
      createScriptURL?: (input: string) => string;
    },
  ): TrustedTypePolicy;
}

/** Removes the WebRTC constructors (and XSLT) from a window. */
export function removeWebRtc(target: Window = window): void {
  for (const name of Object.getOwnPropertyNames(target)) {
    if (WEBRTC_GLOBALS.test(name) || UNCHECKED_MARKUP_BUILDERS.includes(name)) {
      Reflect.deleteProperty(target, name);
    }
  }
}

/**
 * Why this markup may not become part of the preview, or null when it may. A srcdoc frame runs
 * code in a fresh window; an XML entity or attribute-list declaration could spell `srcdoc` with
 * a character reference (`src&#x64;oc`), so those are refused as well.
 */
export function refusedMarkup(html: string): string | null {
  if (/srcdoc/i.test(html)) return 'frames with srcdoc are not allowed in the artifact preview';
  if (/<!\s*(entity|attlist)/i.test(html))
    return 'XML entity declarations are not allowed in the artifact preview';
  return null;
}

/**
 * Every HTML string the artifact's own code produces. document.write is refused whole: its
 * chunks join up in the parser (`'<iframe src'` + `'doc=…'`), so no single chunk can be judged.
 */
export function checkArtifactHtml(html: string, sink: string): string {
  if (/srcdoc/i.test(sink)) throw new TypeError('srcdoc is not allowed in the artifact preview');
  if (/^Document write/i.test(sink))
    throw new TypeError('document.write is not available in the artifact preview');
  const refusal = refusedMarkup(html);
  if (refusal) throw new TypeError(refusal);
  return html;
}

const same = (input: string): string => input;

function refuseOrPass(html: string): string {
  const refusal = refusedMarkup(html);
  if (refusal) throw new Error(refusal);
  return html;
}

/**
 * Locks the frame down and returns the writer for an HTML artifact (the one document.write the
 * preview itself makes). Scripts and script URLs pass unchanged: they run in this window, where
 * WebRTC is gone, and the page's policy still decides where scripts may come from.
 */
export function lockDownFrame(): (html: string) => unknown {
  removeWebRtc();
  const factory = (window as unknown as { trustedTypes?: TrustedTypeFactory }).trustedTypes;
  if (!factory) return refuseOrPass;
  factory.createPolicy('default', {
    // The browser calls the default policy with the value, the type's name and the sink.
    createHTML: (html, _type, sink) => checkArtifactHtml(html, sink),
    createScript: same,
    createScriptURL: same,
  });
  const writer = factory.createPolicy(ARTIFACT_HTML_POLICY, { createHTML: refuseOrPass });
  return (html) => writer.createHTML(html);
}
