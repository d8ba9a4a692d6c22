import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';

/** Privacy policy and terms links under the card, when the instance configures them. */
export function LegalLinks() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const privacy = config?.interface.privacyPolicy;
  const terms = config?.interface.termsOfService;
  const links = [
    privacy?.externalUrl && {
      href: privacy.externalUrl,
      newTab: privacy.openNewTab,
      label: t('com_app_privacy_policy'),
    },
    terms?.externalUrl && {
      href: terms.externalUrl,
      newTab: terms.openNewTab,
      label: t('com_app_terms_of_service'),
    },
  ].filter((l): l is { href: string; newTab: boolean | undefined; label: string } => Boolean(l));
  if (links.length === 0) return null;
  return (
    <nav className="mt-6 flex justify-center gap-4 text-[13px] text-fg-muted">
      {links.map((l) => (
        <a
          key={l.href}
          href={l.href}
          className="hover:text-fg hover:underline"
          {...(l.newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
        >
          {l.label}
        </a>
      ))}
    </nav>
  );
}
