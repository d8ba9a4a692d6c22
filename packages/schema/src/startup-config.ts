import type { McpServerInfo } from './mcp.ts';
import type { ModelSpecsConfig } from './model-specs.ts';
import type { BalanceConfig } from './balance.ts';
import type { RemoteImagesMode } from './remote-images.ts';

/** The startup configuration served by GET /api/config. */
export const SOCIAL_PROVIDERS = [
  'discord',
  'facebook',
  'github',
  'google',
  'apple',
  'openid',
  'saml',
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface TermsOfServiceConfig {
  externalUrl?: string;
  openNewTab?: boolean;
  modalAcceptance?: boolean;
  modalTitle?: string;
  modalContent?: string | string[];
}

export interface InterfaceConfig {
  privacyPolicy?: { externalUrl?: string; openNewTab?: boolean };
  termsOfService?: TermsOfServiceConfig;
  customWelcome?: string;
  endpointsMenu: boolean;
  modelSelect: boolean;
  parameters: boolean;
  sidePanel: boolean;
  presets: boolean;
  prompts: boolean;
  bookmarks: boolean;
  memories: boolean;
  multiConvo: boolean;
  agents: boolean;
  temporaryChat: boolean;
  temporaryChatRetention: number;
  runCode: boolean;
  webSearch: boolean;
  fileSearch: boolean;
  /** The artifacts panel and the artifacts prompt modes. */
  artifacts: boolean;
  /** Pictures an answer links from other hosts: loaded through the proxy, asked for, or blocked. */
  remoteImages: RemoteImagesMode;
  /** The chat's MCP picker: the label it shows in place of the generic "MCP servers". */
  mcpServers?: { placeholder?: string };
}

/**
 * parley.yaml's `webSearch` choices the web app needs: the vendors the operator fixed (the
 * credential dialog offers a choice only for the ones absent here) and the default safe-search
 * level. Present only when web search is configured.
 */
export interface WebSearchStartupConfig {
  searchProvider?: 'serper' | 'searxng';
  scraperType?: 'firecrawl' | 'serper' | 'builtin';
  rerankerType?: 'jina' | 'cohere' | 'none';
  safeSearch: 0 | 1 | 2;
}

export interface StartupConfig {
  appTitle: string;
  /** True while the instance has no account yet: `/login` then leads to the setup page. */
  setupRequired?: boolean;
  socialLogins: SocialProvider[];
  discordLoginEnabled: boolean;
  facebookLoginEnabled: boolean;
  githubLoginEnabled: boolean;
  googleLoginEnabled: boolean;
  appleLoginEnabled: boolean;
  openidLoginEnabled: boolean;
  openidLabel: string;
  openidImageUrl: string;
  openidAutoRedirect: boolean;
  samlLoginEnabled: boolean;
  samlLabel: string;
  samlImageUrl: string;
  /**
   * Present when LDAP sign-in is configured: the login form then checks against the directory
   * and, with `username`, asks for a username instead of an e-mail address.
   */
  ldap?: { enabled: boolean; username: boolean };
  /** The login page's "Connect Wallet" button (Sign-In with Ethereum). */
  walletLoginEnabled: boolean;
  serverDomain: string;
  emailLoginEnabled: boolean;
  registrationEnabled: boolean;
  socialLoginEnabled: boolean;
  passwordResetEnabled: boolean;
  emailEnabled: boolean;
  showBirthdayIcon: boolean;
  helpAndFaqURL: string;
  sharedLinksEnabled: boolean;
  publicSharedLinksEnabled: boolean;
  instanceProjectId: string;
  customFooter?: string;
  analyticsGtmId?: string;
  /** The artifact preview page when a deployment hosts it on another origin (Parley's own otherwise). */
  bundlerURL?: string;
  staticBundlerURL?: string;
  turnstile?: { siteKey: string; options?: Record<string, unknown> };
  /** The parley.yaml `balance` section the web app needs (the Balance tab, costs). */
  balance?: BalanceConfig;
  interface: InterfaceConfig;
  /** parley.yaml's model specs, absent when none are configured. */
  modelSpecs?: ModelSpecsConfig;
  /** parley.yaml's MCP servers by name (what users see and set), absent when none are configured. */
  mcpServers?: Record<string, McpServerInfo>;
  /** Web search's fixed choices, absent when parley.yaml does not configure web search. */
  webSearch?: WebSearchStartupConfig;
}
