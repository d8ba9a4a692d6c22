import type { WindowLimits } from '../../config/yaml-sections/rate-limits.ts';
import type { LimitRule } from '../rate-limit/rate-limiter.ts';

const minutes = (n: number) => n * 60_000;

/** Requests a minute when parley.yaml's `rateLimits.stt` / `.tts` say nothing (LibreChat's defaults). */
const DEFAULTS = { ipMax: 100, ipWindowInMinutes: 1, userMax: 50, userWindowInMinutes: 1 } as const;

/** The `stt_limit` or `tts_limit` rules, per IP and per user. */
export function speechLimits(kind: 'stt' | 'tts', yaml: WindowLimits = {}) {
  const type = kind === 'stt' ? 'stt_limit' : 'tts_limit';
  const what = kind === 'stt' ? 'transcriptions' : 'speech requests';
  return {
    ip: {
      type,
      max: yaml.ipMax ?? DEFAULTS.ipMax,
      windowMs: minutes(yaml.ipWindowInMinutes ?? DEFAULTS.ipWindowInMinutes),
      what: `${what} from this IP`,
    },
    user: {
      type,
      max: yaml.userMax ?? DEFAULTS.userMax,
      windowMs: minutes(yaml.userWindowInMinutes ?? DEFAULTS.userWindowInMinutes),
      what,
    },
  } satisfies Record<string, LimitRule>;
}
