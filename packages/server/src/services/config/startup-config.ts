import { SOCIAL_PROVIDERS, type SocialProvider, type StartupConfig } from '@parley/schema';
import type { AppConfig } from '../../config/app-config.ts';

/** Instance-wide project id used to share prompts and agents with all users. */
export const INSTANCE_PROJECT_ID = 'instance';

/**
 * The startup configuration of 000 §3. Social and single sign-on providers are reported disabled:
 * Parley does not implement external sign-in yet, and advertising a button that cannot work
 * would be worse than hiding it.
 */
export function buildStartupConfig(config: AppConfig): StartupConfig {
  const { env } = config;
  const requested = (config.yaml.registration?.socialLogins ?? []).filter((p): p is SocialProvider =>
    (SOCIAL_PROVIDERS as readonly string[]).includes(p),
  );
  const enabledProviders: SocialProvider[] = [];
  return {
    appTitle: config.appTitle,
    socialLogins: requested.filter((p) => enabledProviders.includes(p)),
    discordLoginEnabled: false,
    facebookLoginEnabled: false,
    githubLoginEnabled: false,
    googleLoginEnabled: false,
    appleLoginEnabled: false,
    openidLoginEnabled: false,
    openidLabel: '',
    openidImageUrl: '',
    openidAutoRedirect: false,
    samlLoginEnabled: false,
    samlLabel: '',
    samlImageUrl: '',
    serverDomain: config.serverDomain,
    emailLoginEnabled: env.ALLOW_EMAIL_LOGIN,
    registrationEnabled: env.ALLOW_REGISTRATION,
    socialLoginEnabled: env.ALLOW_SOCIAL_LOGIN && enabledProviders.length > 0,
    passwordResetEnabled: env.ALLOW_PASSWORD_RESET,
    emailEnabled: config.emailEnabled,
    showBirthdayIcon: env.SHOW_BIRTHDAY_ICON,
    helpAndFaqURL: env.HELP_AND_FAQ_URL ?? '',
    sharedLinksEnabled: env.ALLOW_SHARED_LINKS,
    publicSharedLinksEnabled: env.ALLOW_SHARED_LINKS && env.ALLOW_SHARED_LINKS_PUBLIC,
    instanceProjectId: INSTANCE_PROJECT_ID,
    ...(env.CUSTOM_FOOTER !== undefined ? { customFooter: env.CUSTOM_FOOTER } : {}),
    ...(env.ANALYTICS_GTM_ID ? { analyticsGtmId: env.ANALYTICS_GTM_ID } : {}),
    interface: config.interface,
  };
}
