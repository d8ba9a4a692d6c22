import {
  DEFAULT_SOCIAL_LOGINS,
  SOCIAL_PROVIDERS,
  type McpServerInfo,
  type SocialProvider,
  type StartupConfig,
  type WebSearchStartupConfig,
} from '@parley/schema';
import type { AppConfig } from '../../config/app-config.ts';
import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';
import type { WebSearchYaml } from '../../config/yaml-sections/web-search.ts';
import { balanceConfig } from '../balance/balance-settings.ts';
import { isLdapConfigured } from '../../config/ldap-env.ts';
import { ldapStartupConfig } from '../sso/ldap-startup-config.ts';

/** Instance-wide project id used to share prompts and agents with all users. */
export const INSTANCE_PROJECT_ID = 'instance';

/** Whether each external sign-in method is configured and working right now. */
export type SignInAvailability = (provider: SocialProvider) => boolean;

/**
 * The startup configuration that GET /api/config serves. A sign-in button is advertised only
 * when its method is configured and working (OpenID: the issuer's discovery document was read);
 * the five social providers also need ALLOW_SOCIAL_LOGIN. Buttons follow parley.yaml's
 * registration.socialLogins order, or LibreChat's default order.
 */
export function buildStartupConfig(config: AppConfig, available: SignInAvailability): StartupConfig {
  const { env } = config;
  const requested = (config.yaml.registration?.socialLogins ?? DEFAULT_SOCIAL_LOGINS).filter(
    (p): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p),
  );
  const on = (p: SocialProvider) =>
    available(p) && (p === 'openid' || p === 'saml' || env.ALLOW_SOCIAL_LOGIN);
  const socialOn = (['discord', 'facebook', 'github', 'google', 'apple'] as const).some(on);
  return {
    appTitle: config.appTitle,
    socialLogins: requested.filter(on),
    discordLoginEnabled: on('discord'),
    facebookLoginEnabled: on('facebook'),
    githubLoginEnabled: on('github'),
    googleLoginEnabled: on('google'),
    appleLoginEnabled: on('apple'),
    openidLoginEnabled: on('openid'),
    openidLabel: env.OPENID_BUTTON_LABEL ?? '',
    openidImageUrl: env.OPENID_IMAGE_URL ?? '',
    openidAutoRedirect: on('openid') && env.OPENID_AUTO_REDIRECT,
    samlLoginEnabled: on('saml'),
    samlLabel: env.SAML_BUTTON_LABEL ?? '',
    samlImageUrl: env.SAML_IMAGE_URL ?? '',
    ...ldapStartupConfig(env),
    walletLoginEnabled: env.ALLOW_WALLET_LOGIN,
    serverDomain: config.serverDomain,
    emailLoginEnabled: env.ALLOW_EMAIL_LOGIN,
    // With LDAP the directory holds the passwords: nobody registers one here.
    registrationEnabled: env.ALLOW_REGISTRATION && !isLdapConfigured(env),
    socialLoginEnabled: env.ALLOW_SOCIAL_LOGIN && socialOn,
    passwordResetEnabled: env.ALLOW_PASSWORD_RESET,
    emailEnabled: config.emailEnabled,
    showBirthdayIcon: env.SHOW_BIRTHDAY_ICON,
    helpAndFaqURL: env.HELP_AND_FAQ_URL ?? '',
    sharedLinksEnabled: env.ALLOW_SHARED_LINKS,
    publicSharedLinksEnabled: env.ALLOW_SHARED_LINKS && env.ALLOW_SHARED_LINKS_PUBLIC,
    instanceProjectId: INSTANCE_PROJECT_ID,
    ...(env.CUSTOM_FOOTER !== undefined ? { customFooter: env.CUSTOM_FOOTER } : {}),
    ...(env.ANALYTICS_GTM_ID ? { analyticsGtmId: env.ANALYTICS_GTM_ID } : {}),
    ...(env.SANDPACK_BUNDLER_URL ? { bundlerURL: env.SANDPACK_BUNDLER_URL } : {}),
    ...(env.SANDPACK_STATIC_BUNDLER_URL ? { staticBundlerURL: env.SANDPACK_STATIC_BUNDLER_URL } : {}),
    balance: balanceConfig(config.yaml),
    ...(config.yaml.turnstile ? { turnstile: config.yaml.turnstile } : {}),
    interface: config.interface,
    ...(config.yaml.modelSpecs ? { modelSpecs: config.yaml.modelSpecs } : {}),
    ...(config.yaml.mcpServers ? { mcpServers: mcpServerInfo(config.yaml.mcpServers) } : {}),
    ...(config.yaml.webSearch ? { webSearch: webSearchInfo(config.yaml.webSearch) } : {}),
  };
}

/** Web search as the web app shows it: the vendors the operator fixed, never keys or addresses. */
function webSearchInfo(yaml: WebSearchYaml): WebSearchStartupConfig {
  return {
    ...(yaml.searchProvider ? { searchProvider: yaml.searchProvider } : {}),
    ...(yaml.scraperType ? { scraperType: yaml.scraperType } : {}),
    ...(yaml.rerankerType ? { rerankerType: yaml.rerankerType } : {}),
    safeSearch: yaml.safeSearch ?? 1,
  };
}

/** The MCP servers as the web app shows them: what a user sees and sets, never URLs, commands or secrets. */
function mcpServerInfo(servers: Record<string, McpServerConfig>): Record<string, McpServerInfo> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [
      name,
      {
        type: server.type,
        ...(server.iconPath ? { iconPath: server.iconPath } : {}),
        chatMenu: server.chatMenu !== false,
        customUserVars: server.customUserVars ?? {},
        requiresOAuth: server.type !== 'stdio' && Boolean(server.oauth || server.requiresOAuth),
      },
    ]),
  );
}
