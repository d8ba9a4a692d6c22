import type { EndpointsConfig } from '@parley/schema';

/**
 * The agent endpoint's capabilities from /api/endpoints, when the server reports them: a tool
 * whose capability is off in parley.yaml is not offered (by the agent builder, the chat's tools
 * menu and the upload options alike), and `ocr` is listed only while the server reads text in
 * pictures. Null when the server reports none: then nothing is held back.
 */
export function capabilitiesOf(endpoints: EndpointsConfig | undefined): readonly string[] | null {
  const caps = (endpoints?.agents as { capabilities?: unknown } | undefined)?.capabilities;
  return Array.isArray(caps) ? caps.filter((c): c is string => typeof c === 'string') : null;
}
