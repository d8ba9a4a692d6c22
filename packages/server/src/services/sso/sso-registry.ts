import type { Logger } from 'pino';
import type { Bus } from '../../bus/bus.ts';
import type { AppConfig } from '../../config/app-config.ts';
import { ATTEMPT_TTL_SECONDS } from './attempt-cookie.ts';
import { OpenIdSignIn, openIdSettings } from './openid-sign-in.ts';
import { SamlRequestCache } from './saml-request-cache.ts';
import { SamlSignIn, samlSettings } from './saml-sign-in.ts';
import { SocialSignIn, socialSettings } from './social-sign-in.ts';
import type { SocialEndpoints, SocialProviderName } from './social-providers.ts';

/** Replacement endpoints per social provider (tests point them at a local server). */
export type SocialEndpointOverrides = Partial<Record<SocialProviderName, Partial<SocialEndpoints>>>;
import type { RedirectSignIn } from './sso-flow.ts';

/**
 * The external sign-in methods this instance offers, built once from the configuration. A
 * method is listed only when configured; `enabled` adds whether it can work right now.
 */
export class SsoRegistry {
  private readonly flows = new Map<string, RedirectSignIn>();
  readonly openid: OpenIdSignIn | null;
  readonly saml: SamlSignIn | null;
  private bus: Bus | null = null;

  constructor(config: AppConfig, logger: Logger, socialOverrides: SocialEndpointOverrides = {}) {
    const settings = openIdSettings(config);
    this.openid = settings ? new OpenIdSignIn(settings, logger) : null;
    if (this.openid) this.flows.set('openid', this.openid);
    const saml = samlSettings(config);
    this.saml = saml
      ? new SamlSignIn(saml, new SamlRequestCache(() => this.busOrThrow(), ATTEMPT_TTL_SECONDS * 1000))
      : null;
    if (this.saml) this.flows.set('saml', this.saml);
    for (const social of socialSettings(config, socialOverrides)) {
      this.flows.set(social.name, new SocialSignIn(social));
    }
  }

  /** The Bus that SAML's pending request ids live in; the server hands it over once it exists. */
  useBus(bus: Bus): void {
    this.bus = bus;
  }

  private busOrThrow(): Bus {
    if (!this.bus) throw new Error('the sign-in registry was used before the server gave it a Bus');
    return this.bus;
  }

  /** The method for a provider name, when it is configured and able to work. */
  flow(provider: string): RedirectSignIn | undefined {
    const flow = this.flows.get(provider);
    return flow?.ready() ? flow : undefined;
  }

  /** A configured method, ready or not (a callback may retry a failed discovery). */
  configured(provider: string): RedirectSignIn | undefined {
    return this.flows.get(provider);
  }

  enabled(provider: string): boolean {
    return this.flow(provider) !== undefined;
  }

  /**
   * Reads the OpenID discovery document before the server answers its first request, so that
   * /api/config reports the button at once; a provider that does not answer within `timeoutMs`
   * stays off until a later attempt succeeds.
   */
  async warmUp(timeoutMs = 5_000): Promise<void> {
    if (!this.openid) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.openid.discover(),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]).finally(() => clearTimeout(timer));
  }

  /** Asks a not-yet-ready OpenID provider again (rate-limited inside). */
  retryDiscovery(): void {
    if (this.openid && !this.openid.ready()) void this.openid.discover();
  }
}
