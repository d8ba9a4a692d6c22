import {
  BUILT_FEATURES,
  DEFAULT_APP_TITLE,
  DEFAULT_REMOTE_IMAGES_MODE,
  TEMPORARY_CHAT_RETENTION_HOURS,
  type InterfaceConfig,
  type InterfaceFeature,
} from '@parley/schema';
import { ConfigError, parseEnv, type Env } from './env.ts';
import { loadParleyYaml, type LoadedYaml } from './load-config.ts';
import { loadSecrets, type Secrets } from './secrets.ts';
import type { ParleyYaml, UnimplementedSection } from './yaml-schema.ts';

export type ResolvedEnv = Omit<Env, 'ALLOW_PASSWORD_RESET'> & { ALLOW_PASSWORD_RESET: boolean };

/** The whole configuration of one server process, resolved once at start. */
export interface AppConfig {
  /** The environment with defaults that depend on other settings resolved. */
  env: ResolvedEnv;
  yaml: ParleyYaml;
  yamlPath: string | null;
  /** Sections set in parley.yaml that Parley does not act on yet (warned about at start). */
  unimplementedYamlSections: UnimplementedSection[];
  secrets: Secrets;
  appTitle: string;
  /** Public origin of the server, used in links sent by mail. */
  serverDomain: string;
  clientDomain: string;
  emailEnabled: boolean;
  interface: InterfaceConfig;
}

/**
 * The interface flags `/api/config` reports: parley.yaml's choice (on unless it says otherwise),
 * and never on for a feature Parley has not built (BUILT_FEATURES).
 */
export function resolveInterface(yaml: ParleyYaml): InterfaceConfig {
  const i = yaml.interface ?? {};
  const flag = (feature: InterfaceFeature) => BUILT_FEATURES[feature] && (i[feature] ?? true);
  return {
    privacyPolicy: i.privacyPolicy,
    termsOfService: i.termsOfService,
    customWelcome: i.customWelcome,
    endpointsMenu: flag('endpointsMenu'),
    modelSelect: flag('modelSelect'),
    parameters: flag('parameters'),
    sidePanel: flag('sidePanel'),
    presets: flag('presets'),
    prompts: flag('prompts'),
    bookmarks: flag('bookmarks'),
    // `memory.disabled` turns memories off whatever the interface section says.
    memories: flag('memories') && yaml.memory?.disabled !== true,
    multiConvo: flag('multiConvo'),
    agents: flag('agents'),
    temporaryChat: flag('temporaryChat'),
    temporaryChatRetention: i.temporaryChatRetention ?? TEMPORARY_CHAT_RETENTION_HOURS.default,
    runCode: flag('runCode'),
    // The badge and the tools-menu item need a configured search (the `webSearch` section).
    webSearch: flag('webSearch') && yaml.webSearch !== undefined,
    fileSearch: flag('fileSearch'),
    artifacts: flag('artifacts'),
    remoteImages: i.remoteImages ?? DEFAULT_REMOTE_IMAGES_MODE,
    ...(i.mcpServers?.placeholder ? { mcpServers: { placeholder: i.mcpServers.placeholder } } : {}),
  };
}

export function buildAppConfig(env: Env, loaded: LoadedYaml): AppConfig {
  if (env.REDIS_URL && !env.DATABASE_URL) {
    throw new ConfigError(
      'REDIS_URL is set without DATABASE_URL: several instances cannot share the embedded database. Set DATABASE_URL to a PostgreSQL server, or unset REDIS_URL.',
    );
  }
  const serverDomain = env.DOMAIN_SERVER ?? `http://${env.HOST}:${env.PORT}`;
  const emailEnabled = Boolean(env.EMAIL_HOST && env.EMAIL_FROM);
  return {
    env: { ...env, ALLOW_PASSWORD_RESET: env.ALLOW_PASSWORD_RESET ?? emailEnabled },
    yaml: loaded.config,
    yamlPath: loaded.path,
    unimplementedYamlSections: loaded.unimplementedSections,
    secrets: loadSecrets(env),
    appTitle: env.APP_TITLE ?? DEFAULT_APP_TITLE,
    serverDomain,
    clientDomain: env.DOMAIN_CLIENT ?? serverDomain,
    emailEnabled,
    interface: resolveInterface(loaded.config),
  };
}

/** Reads environment, parley.yaml and secrets. Throws ConfigError with every problem listed. */
export function loadAppConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  return buildAppConfig(env, loadParleyYaml(env.CONFIG_PATH, source));
}
