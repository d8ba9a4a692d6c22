/** A Google Tag Manager container id as GTM issues them (`GTM-` and letters and digits). */
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** Where a container's script loads from; null for an id that is not a container id. */
export function gtmScriptUrl(id: string): string | null {
  return GTM_ID.test(id) ? `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}` : null;
}

/** The parts of the page analytics touches (the document and window, or stand-ins in tests). */
export interface AnalyticsPage {
  dataLayer?: unknown[];
  head: { appendChild(node: unknown): unknown };
  hasScript(id: string): boolean;
  createScript(): { async: boolean; src: string; dataset: Record<string, string | undefined> };
}

/**
 * Starts Google Tag Manager once for the operator's ANALYTICS_GTM_ID (the startup config's
 * `analyticsGtmId`): the data layer's start event, then the container's script, loaded async. The
 * start is done here rather than by the usual inline snippet, which the app's content security
 * policy forbids; the server allows the tag's origins only while an id is set. Answers whether it
 * started now (false for no id, a malformed one, or a second call).
 */
export function startAnalytics(id: string | undefined, page: AnalyticsPage): boolean {
  const src = id ? gtmScriptUrl(id) : null;
  if (!id || !src || page.hasScript(id)) return false;
  page.dataLayer = page.dataLayer ?? [];
  page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = page.createScript();
  script.async = true;
  script.src = src;
  script.dataset.gtm = id;
  page.head.appendChild(script);
  return true;
}

/** The real page: the document's head and the window's data layer. */
export function browserAnalyticsPage(): AnalyticsPage {
  const win = window as unknown as { dataLayer?: unknown[] };
  return {
    get dataLayer() {
      return win.dataLayer;
    },
    set dataLayer(value) {
      win.dataLayer = value;
    },
    head: document.head,
    hasScript: (id) => document.querySelector(`script[data-gtm="${CSS.escape(id)}"]`) !== null,
    createScript: () => document.createElement('script'),
  };
}
