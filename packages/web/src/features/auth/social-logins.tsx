import type { SocialProvider, StartupConfig } from '@parley/schema';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { buttonClasses } from '../../components/ui/button';

interface ProviderButton {
  provider: SocialProvider;
  label: string;
  imageUrl?: string;
}

const ENABLED: Record<SocialProvider, (c: StartupConfig) => boolean> = {
  discord: (c) => c.discordLoginEnabled,
  facebook: (c) => c.facebookLoginEnabled,
  github: (c) => c.githubLoginEnabled,
  google: (c) => c.googleLoginEnabled,
  apple: (c) => c.appleLoginEnabled,
  openid: (c) => c.openidLoginEnabled,
  saml: (c) => c.samlLoginEnabled,
};

/** The enabled providers in the configured order. */
export function enabledProviders(config: StartupConfig): SocialProvider[] {
  if (!config.socialLoginEnabled && !config.openidLoginEnabled && !config.samlLoginEnabled) return [];
  return config.socialLogins.filter((p) => {
    if ((p === 'openid' || p === 'saml') && ENABLED[p](config)) return true;
    return config.socialLoginEnabled && ENABLED[p](config);
  });
}

/** Social / single sign-on buttons; rendered only for what the startup configuration enables. */
export function SocialLogins() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  if (!config) return null;
  const buttons: ProviderButton[] = enabledProviders(config).map((provider) => {
    if (provider === 'openid') {
      return { provider, label: config.openidLabel || t('com_auth_sso'), imageUrl: config.openidImageUrl };
    }
    if (provider === 'saml') {
      return { provider, label: config.samlLabel || t('com_auth_saml'), imageUrl: config.samlImageUrl };
    }
    return { provider, label: t('com_auth_continue_with', { provider: t(`com_auth_provider_${provider}`) }) };
  });
  if (buttons.length === 0) return null;
  return (
    <div className="mt-6" data-testid="social-logins">
      <div className="mb-5 flex items-center gap-3 text-xs tracking-wide text-fg-subtle uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('com_auth_or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="space-y-2.5">
        {buttons.map((b) => (
          <a
            key={b.provider}
            href={`${config.serverDomain}/oauth/${b.provider}`}
            className={buttonClasses('outline', 'lg', 'w-full')}
          >
            {b.imageUrl && <img src={b.imageUrl} alt="" className="size-5" />}
            {b.label}
          </a>
        ))}
      </div>
    </div>
  );
}
