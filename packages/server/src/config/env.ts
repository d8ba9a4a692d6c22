import { z } from 'zod';
import { flag, text } from './env-fields.ts';
import { ldapEnvShape } from './ldap-env.ts';

/** A flag whose default depends on other settings: undefined when the environment is silent. */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === 'yes'));
const int = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `expected a non-negative integer, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });
/** A non-negative integer whose default depends on other settings: undefined when unset. */
const optionalInt = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: `expected a non-negative integer, got "${v}"` });
      return z.NEVER;
    }
    return n;
  });
/** An optional absolute http(s) URL. */
const httpUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || /^https?:\/\/[^\s/]+/i.test(v), 'expected an http(s) URL');

/**
 * Everything Parley reads from the environment. Parsed once at start; an invalid value stops the
 * start with a message naming the variable.
 */
export const envSchema = z.object({
  HOST: z.string().default('localhost'),
  PORT: int(3080),
  DATA_DIR: z.string().default('./data'),
  CONFIG_PATH: z.string().default('parley.yaml'),
  /**
   * Which peers' X-Forwarded-For is believed: addresses, CIDRs or the names loopback, linklocal,
   * uniquelocal, comma-separated; `false` for none. The client's address (rate limits, bans) is
   * the first untrusted one from the right, so a client reaching Parley directly cannot choose
   * its own by sending the header. The default trusts a reverse proxy on this host or a private
   * network.
   */
  TRUST_PROXY: z.string().default('loopback, linklocal, uniquelocal'),
  DATABASE_URL: text,
  REDIS_URL: text,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: text,

  JWT_SECRET: text,
  JWT_REFRESH_SECRET: text,
  CREDS_KEY: text,

  /** Secret of the turnstile section's site key: with it the server checks every human-check answer. */
  TURNSTILE_SECRET_KEY: text,
  /** Where answers are verified (Cloudflare's siteverify unless set, e.g. to a stand-in). */
  TURNSTILE_VERIFY_URL: httpUrl,
  APP_TITLE: text,
  DOMAIN_CLIENT: text,
  DOMAIN_SERVER: text,
  CUSTOM_FOOTER: text,
  ANALYTICS_GTM_ID: text,
  /** Where the artifact preview page is hosted when not by Parley itself (another origin). */
  SANDPACK_BUNDLER_URL: httpUrl,
  SANDPACK_STATIC_BUNDLER_URL: httpUrl,
  /** Artifact previews may load scripts, styles, pictures and data from https:/wss: addresses. */
  ARTIFACTS_ALLOW_NETWORK: flag(false),
  HELP_AND_FAQ_URL: text,
  SHOW_BIRTHDAY_ICON: flag(false),
  SEARCH: flag(true),
  ALLOW_SHARED_LINKS: flag(true),
  ALLOW_SHARED_LINKS_PUBLIC: flag(true),

  ALLOW_EMAIL_LOGIN: flag(true),
  ALLOW_REGISTRATION: flag(true),
  ALLOW_SOCIAL_LOGIN: flag(false),
  ALLOW_SOCIAL_REGISTRATION: flag(false),
  /**
   * Default: on when e-mail is configured, off otherwise — without e-mail the reset link is shown
   * to whoever asks, so anyone knowing an address could take the account over (see app-config).
   */
  ALLOW_PASSWORD_RESET: optionalFlag,
  ALLOW_UNVERIFIED_EMAIL_LOGIN: flag(true),

  EMAIL_HOST: text,
  EMAIL_PORT: int(587),
  EMAIL_SECURE: flag(false),
  EMAIL_USERNAME: text,
  EMAIL_PASSWORD: text,
  EMAIL_FROM: text,
  EMAIL_FROM_NAME: text,
  /** Accept self-signed certificates from the SMTP server (tests, private relays). */
  EMAIL_ALLOW_SELFSIGNED: flag(false),

  /** Rate limits: attempts per window (minutes). Tests relax them through these. */
  /** Failed sign-ins per account and IP (LibreChat counted every attempt per IP). */
  LOGIN_MAX: int(7),
  LOGIN_WINDOW: int(5),
  /** Every sign-in attempt per IP, against password spraying; unset: ten times LOGIN_MAX. */
  LOGIN_IP_MAX: optionalInt,
  REGISTER_MAX: int(5),
  REGISTER_WINDOW: int(60),
  RESET_PASSWORD_MAX: int(2),
  RESET_PASSWORD_WINDOW: int(2),
  /** Two-factor code attempts per account and per IP (a 6-digit code must not be guessable). */
  TWO_FACTOR_MAX: int(5),
  TWO_FACTOR_WINDOW: int(5),
  VERIFY_EMAIL_MAX: int(2),
  VERIFY_EMAIL_WINDOW: int(2),
  /** Uploads (file_upload_limit): per IP and per user, per window in minutes. */
  FILE_UPLOAD_IP_MAX: int(100),
  FILE_UPLOAD_IP_WINDOW: int(15),
  FILE_UPLOAD_USER_MAX: int(50),
  FILE_UPLOAD_USER_WINDOW: int(15),
  /** Conversation imports: per IP and per user, per window in minutes (LibreChat's names). */
  IMPORT_IP_MAX: int(100),
  IMPORT_IP_WINDOW: int(15),
  IMPORT_USER_MAX: int(50),
  IMPORT_USER_WINDOW: int(15),
  /**
   * Chat messages (message_limit), per user and per IP, per window in minutes. Off unless turned
   * on, so API clients and benchmarks that send many messages from one address keep working.
   */
  LIMIT_MESSAGE_USER: flag(false),
  MESSAGE_USER_MAX: int(40),
  MESSAGE_USER_WINDOW: int(1),
  LIMIT_MESSAGE_IP: flag(false),
  MESSAGE_IP_MAX: int(40),
  MESSAGE_IP_WINDOW: int(1),

  /**
   * Uploaded files go to an S3-compatible bucket instead of DATA_DIR/files when S3_BUCKET is set
   * (needed when several instances serve the same users). S3_ENDPOINT names a non-AWS server
   * (MinIO, Ceph, …), addressed path-style.
   */
  S3_BUCKET: text,
  S3_REGION: text,
  S3_ENDPOINT: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_FORCE_PATH_STYLE: optionalFlag,

  /**
   * File search adds vector similarity to full-text rank when EMBEDDINGS_URL names an
   * OpenAI-compatible embeddings API (its base, e.g. http://ollama:11434/v1 or
   * https://api.openai.com/v1). EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS (the length of the
   * model's vectors) are then required; EMBEDDINGS_API_KEY is sent as a bearer token when set.
   * EMBEDDINGS_TIMEOUT_MS bounds each request (default 30 s): a slower provider counts as failing.
   */
  EMBEDDINGS_URL: text,
  EMBEDDINGS_MODEL: text,
  EMBEDDINGS_DIMENSIONS: text,
  EMBEDDINGS_API_KEY: text,
  EMBEDDINGS_TIMEOUT_MS: text,

  /**
   * Temporary bans (LibreChat's names): every refused attempt is a violation with a score; a
   * client whose score reaches BAN_INTERVAL within BAN_DURATION ms is banned for BAN_DURATION.
   */
  BAN_VIOLATIONS: flag(true),
  BAN_DURATION: int(2 * 60 * 60 * 1000),
  BAN_INTERVAL: int(20),
  LOGIN_VIOLATION_SCORE: int(1),
  REGISTRATION_VIOLATION_SCORE: int(1),
  CONCURRENT_VIOLATION_SCORE: int(1),
  MESSAGE_VIOLATION_SCORE: int(1),
  /**
   * A chat request from something that is not a browser (its User-Agent) is refused and scores
   * this much when above 0; 0 (the default) leaves API clients and scripts alone.
   */
  NON_BROWSER_VIOLATION_SCORE: int(0),

  /** Refresh-token lifetime in milliseconds (LibreChat's REFRESH_TOKEN_EXPIRY). */
  REFRESH_TOKEN_EXPIRY: int(7 * 24 * 60 * 60 * 1000),
  /** Access-token lifetime in milliseconds (LibreChat's SESSION_EXPIRY). */
  SESSION_EXPIRY: int(15 * 60 * 1000),

  /**
   * Generation jobs (scale-out): the conversation lock lapses this long after its instance stops
   * renewing it (a crash; a running job renews it every third of this), and every instance sweeps
   * for such orphaned jobs this often.
   */
  GENERATION_LOCK_TTL_MS: int(6_000),
  GENERATION_SWEEP_MS: int(15_000),
  /** Code runs (execute_code, the Run button): wall-clock limit per run, in milliseconds. */
  CODE_RUN_TIMEOUT_MS: int(30_000),
  /** Code runs: memory per run (the whole run process, WASM heap included), in megabytes. */
  CODE_RUN_MEMORY_MB: int(512),
  /** Code runs: how many may run at once on this instance; one user holds at most half of them. */
  CODE_RUN_CONCURRENCY: int(4),
  /**
   * Code runs waiting for a free slot, all users together; one user may hold half of them. A run
   * beyond a full queue is refused (429).
   */
  CODE_RUN_QUEUE_MAX: int(8),
  /** Code runs one user may start per minute (waiting ones included); more are refused (429). */
  CODE_RUN_RATE_PER_MINUTE: int(20),
  /**
   * `GET /metrics` (Prometheus) answers requests carrying `Authorization: Bearer <METRICS_TOKEN>`;
   * unset, the metrics are not collected at all.
   */
  METRICS_TOKEN: text,
  /** Exposes `GET /api/debug/metrics` (event-loop delay, memory, query counts) for benchmarks. */
  PARLEY_METRICS: flag(false),

  /** Offer the offline Demo endpoint (an in-process simulator) when no provider is configured. */
  DEMO_ENDPOINT: flag(true),

  /**
   * Built-in providers (LibreChat's variable names). A key of `user_provided` makes each user
   * supply their own (PUT /api/keys). `*_MODELS` are comma lists; `*_REVERSE_PROXY` override the
   * provider's base URL (a proxy, a gateway, or the simulator in tests).
   */
  /** Comma list of the endpoints to offer, in menu order (e.g. `openAI,anthropic,Ollama`). */
  ENDPOINTS: text,
  OPENAI_API_KEY: text,
  OPENAI_MODELS: text,
  OPENAI_REVERSE_PROXY: text,
  OPENAI_ORGANIZATION: text,
  OPENAI_TITLE_MODEL: text,
  TITLE_CONVO: optionalFlag,
  ANTHROPIC_API_KEY: text,
  ANTHROPIC_MODELS: text,
  ANTHROPIC_REVERSE_PROXY: text,
  ANTHROPIC_TITLE_MODEL: text,
  GOOGLE_KEY: text,
  GOOGLE_MODELS: text,
  GOOGLE_REVERSE_PROXY: text,
  GOOGLE_TITLE_MODEL: text,
  /** Azure OpenAI without parley.yaml groups: one instance, one deployment per model. */
  AZURE_API_KEY: text,
  AZURE_OPENAI_API_INSTANCE_NAME: text,
  AZURE_OPENAI_API_DEPLOYMENT_NAME: text,
  AZURE_OPENAI_API_VERSION: text,
  AZURE_OPENAI_MODELS: text,
  AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: flag(false),
  BEDROCK_AWS_DEFAULT_REGION: text,
  BEDROCK_AWS_ACCESS_KEY_ID: text,
  BEDROCK_AWS_SECRET_ACCESS_KEY: text,
  BEDROCK_AWS_SESSION_TOKEN: text,
  BEDROCK_AWS_MODELS: text,
  BEDROCK_REVERSE_PROXY: text,
  /**
   * Image generation (the `image_gen_oai` and `image_edit_oai` tools, LibreChat's names): the tools
   * exist when the key is set; `user_provided` makes each user store their own key. The base URL
   * is OpenAI's unless set (any OpenAI-compatible image API); the model picks the size, quality
   * and count rules (gpt-image, DALL·E 3, DALL·E 2; other names follow gpt-image's).
   */
  IMAGE_GEN_OAI_API_KEY: text,
  IMAGE_GEN_OAI_BASEURL: httpUrl,
  IMAGE_GEN_OAI_MODEL: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || 'gpt-image-1'),
  /**
   * Gemini image output (the `gemini_image_gen` tool, LibreChat's name): the tool exists when the
   * key is set; `user_provided` makes each user store their own. It calls GEMINI_IMAGE_MODEL at
   * Google's Gemini API, or at GOOGLE_REVERSE_PROXY when that is set.
   */
  GEMINI_API_KEY: text,
  GEMINI_IMAGE_MODEL: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || 'gemini-2.5-flash-image'),
  /**
   * Hosts (names, addresses or CIDR ranges, comma-separated) that a user-provided base URL may
   * point at although they are private or loopback. Empty: only public addresses.
   */
  USER_BASE_URL_ALLOWLIST: text,

  ...ldapEnvShape,

  /**
   * OpenID Connect sign-in (LibreChat's names). On when issuer, client id and secret are set and
   * the issuer's discovery document could be read. `http://` issuers are accepted only on
   * loopback addresses (tests, a provider on this host). OPENID_CALLBACK_URL may be a path
   * (joined to DOMAIN_SERVER) or a full URL; default /oauth/openid/callback.
   */
  OPENID_ISSUER: text,
  OPENID_CLIENT_ID: text,
  OPENID_CLIENT_SECRET: text,
  OPENID_SCOPE: z.string().default('openid profile email'),
  OPENID_CALLBACK_URL: text,
  /** Signs the short-lived sign-in attempt cookie (state, nonce, PKCE verifier); generated into DATA_DIR when absent. */
  OPENID_SESSION_SECRET: text,
  /** A role the person must hold, read from a token at OPENID_REQUIRED_ROLE_PARAMETER_PATH (dotted). */
  OPENID_REQUIRED_ROLE: text,
  OPENID_REQUIRED_ROLE_TOKEN_KIND: z.enum(['id', 'access']).default('id'),
  OPENID_REQUIRED_ROLE_PARAMETER_PATH: text,
  OPENID_USERNAME_CLAIM: text,
  OPENID_NAME_CLAIM: text,
  OPENID_BUTTON_LABEL: text,
  OPENID_IMAGE_URL: text,
  OPENID_AUTO_REDIRECT: flag(false),
  /** Send the browser to the issuer's end-session endpoint on logout (when it has one). */
  OPENID_USE_END_SESSION_ENDPOINT: flag(true),

  /**
   * SAML 2.0 sign-in (LibreChat's names), service-provider initiated. On when the IdP's sign-in
   * URL, this service's entity id and the IdP's signing certificate are set. SAML_CERT is the PEM
   * text or a path to a PEM file. Assertions must be signed; SAML_USE_AUTHN_RESPONSE_SIGNED also
   * requires a signature over the whole response. SAML_CALLBACK_URL may be a path (joined to
   * DOMAIN_SERVER) or a full URL; default /oauth/saml/callback. The *_CLAIM variables name the
   * attributes to read instead of the usual ones.
   */
  SAML_ENTRY_POINT: text,
  SAML_ISSUER: text,
  SAML_CERT: text,
  SAML_CALLBACK_URL: text,
  /** Signs the SAML sign-in attempt cookie; OPENID_SESSION_SECRET's value (or generated one) when absent. */
  SAML_SESSION_SECRET: text,
  SAML_EMAIL_CLAIM: text,
  SAML_USERNAME_CLAIM: text,
  SAML_GIVEN_NAME_CLAIM: text,
  SAML_FAMILY_NAME_CLAIM: text,
  SAML_PICTURE_CLAIM: text,
  SAML_NAME_CLAIM: text,
  SAML_BUTTON_LABEL: text,
  SAML_IMAGE_URL: text,
  SAML_USE_AUTHN_RESPONSE_SIGNED: flag(false),

  /**
   * Wallet sign-in (Sign-In with Ethereum): the login page's "Connect Wallet" button. The signed
   * message must name this chain id (1 is Ethereum mainnet). New accounts need
   * ALLOW_SOCIAL_REGISTRATION, as for every external sign-in.
   */
  ALLOW_WALLET_LOGIN: flag(false),
  WALLET_CHAIN_ID: int(1),

  /** Social sign-in (LibreChat's names); each is on when ALLOW_SOCIAL_LOGIN and its id and secret are set. */
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  GOOGLE_CALLBACK_URL: text,
  GITHUB_CLIENT_ID: text,
  GITHUB_CLIENT_SECRET: text,
  GITHUB_CALLBACK_URL: text,
  DISCORD_CLIENT_ID: text,
  DISCORD_CLIENT_SECRET: text,
  DISCORD_CALLBACK_URL: text,
  FACEBOOK_CLIENT_ID: text,
  FACEBOOK_CLIENT_SECRET: text,
  FACEBOOK_CALLBACK_URL: text,
  /** Apple signs in with a client secret we sign ourselves (ES256) from the team's key. */
  APPLE_CLIENT_ID: text,
  APPLE_TEAM_ID: text,
  APPLE_KEY_ID: text,
  APPLE_PRIVATE_KEY_PATH: text,
  APPLE_CALLBACK_URL: text,
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(problems.length ? `${message}\n${problems.map((p) => `  - ${p}`).join('\n')}` : message);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      'Invalid environment',
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  }
  return result.data;
}
