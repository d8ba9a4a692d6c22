/**
 * parley.yaml as the console shows it: the parsed configuration with nothing secret left in it.
 *
 * - Any value written as a `${VAR}` reference in the file shows as that reference, never as the
 *   environment's value (the raw file is walked beside the parsed one to know which these are).
 * - Values under secret-named keys (`apiKey`, `client_secret`, `password`, `token`, …), every
 *   value of a `headers` map and of an MCP server's `env` map show as MASK.
 * - Credentials inside URLs (`https://user:pass@host`, `?key=…`) are replaced by MASK.
 */
export const MASK = '••••••';

const SECRET_KEY =
  /^(api_?key|apikey|client_?secret|secret|secret_?access_?key|access_?key_?id|session_?token|password|passphrase|token|access_?token|refresh_?token|private_?key|credentials?|bearer)$/i;
/** Keys whose every value is secret, whatever its name. */
const SECRET_MAPS = new Set(['headers', 'env']);
const ENV_REFERENCE = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
const URL_SECRET_PARAM =
  /([?&](?:key|api_?key|apikey|token|access_?token|secret|password|sig|signature)=)[^&#\s]+/gi;

/** A string with its URL credentials masked. */
export function maskUrls(text: string): string {
  return text.replace(URL_USERINFO, `$1${MASK}@`).replace(URL_SECRET_PARAM, `$1${MASK}`);
}

function maskLeaf(parsed: unknown, raw: unknown): unknown {
  // Written as ${VAR} in the file: show what was written (names only), never the value.
  if (typeof raw === 'string' && ENV_REFERENCE.test(raw)) return maskUrls(raw);
  if (typeof parsed === 'string') return maskUrls(parsed);
  return parsed;
}

function maskEverything(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (Array.isArray(value)) return value.map(maskEverything);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskEverything(v)]));
  return MASK;
}

const rawChild = (raw: unknown, key: string | number): unknown =>
  raw && typeof raw === 'object' ? (raw as Record<string | number, unknown>)[key] : undefined;

/** The masked copy of `parsed`; `raw` is the same file parsed without `${VAR}` interpolation. */
export function maskConfig(parsed: unknown, raw: unknown): unknown {
  if (Array.isArray(parsed)) return parsed.map((item, i) => maskConfig(item, rawChild(raw, i)));
  if (parsed && typeof parsed === 'object') {
    return Object.fromEntries(
      Object.entries(parsed).map(([key, value]) => {
        if (SECRET_KEY.test(key) || SECRET_MAPS.has(key)) return [key, maskEverything(value)];
        return [key, maskConfig(value, rawChild(raw, key))];
      }),
    );
  }
  return maskLeaf(parsed, raw);
}
