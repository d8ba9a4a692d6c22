import { createSocket, type Socket } from 'node:dgram';
import { test as plainTest, type Browser, type Page } from '@playwright/test';
import { artifactBlock, echo, previewFrame } from '../support/artifacts.ts';
import { signIn } from '../support/chat.ts';
import { expect } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

/**
 * WebRTC ignores connect-src: an RTCPeerConnection given a STUN server sends UDP packets to it
 * whatever the page's network policy says, and its ICE username can carry data out. A UDP socket
 * on 127.0.0.1 stands in for an outside STUN server; an HTML artifact tries every way we know to
 * reach a working RTCPeerConnection, and not one packet may arrive — with ARTIFACTS_ALLOW_NETWORK
 * off and on (the switch opens https: and wss:, never WebRTC).
 */
interface UdpListener {
  port: number;
  packets: () => number;
  close: () => void;
}

async function listenUdp(): Promise<UdpListener> {
  const socket: Socket = createSocket('udp4');
  let count = 0;
  socket.on('message', () => count++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, packets: () => count, close: () => socket.close() };
}

/**
 * The artifact: each attempt reports into #r what happened, so a test failure says which way
 * got through. `start(pc)` makes the connection gather candidates, which is when STUN is sent.
 */
const attacker = (port: number) => `<!doctype html><html><body><ul id="r"></ul><div id="ok"></div><script>
const ice = { iceServers: [{ urls: 'stun:127.0.0.1:${port}' }] };
const out = (k, v) => { const li = document.createElement('li'); li.id = k; li.textContent = v; document.getElementById('r').append(li); };
const start = (pc) => { pc.createDataChannel('x'); return pc.createOffer().then((o) => pc.setLocalDescription(o)); };
const make = (W) => start(new W.RTCPeerConnection(ice));
const script = '<scr' + 'ipt>' + 'var pc = new RTCPeerConnection(' + JSON.stringify(ice) + '); pc.createDataChannel("x"); pc.createOffer().then((o) => pc.setLocalDescription(o));' + '</scr' + 'ipt>';
const tryIt = (k, f) => { try { const r = f(); out(k, 'ran'); return r; } catch (e) { out(k, 'blocked: ' + e.message); } };
tryIt('direct', () => make(window));
tryIt('webkit', () => start(new webkitRTCPeerConnection(ice)));
tryIt('blank-child', () => { const f = document.createElement('iframe'); document.body.append(f); make(f.contentWindow); });
tryIt('frames-index', () => { const f = document.createElement('iframe'); document.body.append(f); make(window[window.length - 1]); });
tryIt('src-doc-property', () => { const f = document.createElement('iframe'); f['src' + 'doc'] = script; document.body.append(f); });
tryIt('src-doc-attribute', () => { const f = document.createElement('iframe'); f.setAttribute('src' + 'doc', script); document.body.append(f); });
tryIt('inner-html', () => { const d = document.createElement('div'); d.innerHTML = '<iframe src' + 'doc="' + script.replace(/"/g, '&quot;') + '"></iframe>'; document.body.append(d); });
tryIt('write-split', () => { document.write('<iframe src'); document.write('doc="' + script.replace(/"/g, '&quot;') + '"></iframe>'); });
tryIt('xslt', () => {
  const xsl = '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><iframe xmlns="http://www.w3.org/1999/xhtml"><xsl:attribute name="{concat(\\'src\\', \\'doc\\')}">' + script.replace(/</g, '&lt;') + '</xsl:attribute></iframe></xsl:template></xsl:stylesheet>';
  const p = new DOMParser(); const x = new XSLTProcessor(); x.importStylesheet(p.parseFromString(xsl, 'text/xml'));
  document.body.append(x.transformToFragment(p.parseFromString('<a/>', 'text/xml'), document));
});
tryIt('js-url', () => { const f = document.createElement('iframe'); f.src = 'javascript:' + JSON.stringify(script); document.body.append(f); });
tryIt('popup', () => { const w = window.open('about:blank'); if (!w) throw new Error('no window'); make(w); });
tryIt('worker', () => { new Worker(URL.createObjectURL(new Blob(['new RTCPeerConnection(' + JSON.stringify(ice) + ')'], { type: 'text/javascript' }))); });
// What artifacts normally do keeps working: markup through innerHTML, and eval.
document.getElementById('ok').innerHTML = '<b>' + eval('"still-" + "works"') + '</b>';
setTimeout(() => out('done', 'done'), 1500);
</script></body></html>`;

async function runAttack(page: Page, baseURL: string, udp: UdpListener) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, baseURL, 'webrtc');
  await echo(page, artifactBlock('rtc', 'text/html', 'RTC', 'html', attacker(udp.port)));
  const frame = previewFrame(page);
  await expect(frame.locator('#ok')).toHaveText('still-works');
  await expect(frame.locator('#done')).toHaveText('done', { timeout: 15_000 });
  // ICE gathering sends its first STUN request within milliseconds; give stragglers a moment.
  await page.waitForTimeout(1000);
  const report = await frame.locator('#r li').allTextContents();
  expect(udp.packets(), `packets arrived; attempts: ${report.join(' | ')}`).toBe(0);
}

async function attackOn(browser: Browser, baseURL: string) {
  const udp = await listenUdp();
  const context = await browser.newContext({ baseURL });
  try {
    await runAttack(await context.newPage(), baseURL, udp);
  } finally {
    await context.close();
    udp.close();
  }
}

plainTest('an artifact sends no STUN packet by any route (network off)', async ({ browser }) => {
  await attackOn(browser, process.env.PARLEY_BASE_URL!);
});

plainTest.describe('with ARTIFACTS_ALLOW_NETWORK=true', () => {
  let server: RunningServer;
  plainTest.beforeAll(async () => {
    server = await startParley({ env: { ARTIFACTS_ALLOW_NETWORK: 'true' } });
  });
  plainTest.afterAll(async () => {
    await server?.stop();
  });

  plainTest('an artifact sends no STUN packet by any route (network on)', async ({ browser }) => {
    await attackOn(browser, server.url);
  });
});
