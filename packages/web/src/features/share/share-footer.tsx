import { APP_VERSION, type StartupConfig } from '@parley/schema';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown } from '../messages';
import { footerParts } from './share-format';

/**
 * The footer of the shared view and of the chat (under the message box): privacy policy and terms
 * links when configured, then the custom footer split on "|" (markdown allowed), or the default
 * version line.
 */
export function ShareFooter({
  config,
  testId = 'share-footer',
}: {
  config: StartupConfig | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const privacy = config?.interface.privacyPolicy;
  const terms = config?.interface.termsOfService;
  const links = [
    privacy?.externalUrl
      ? { href: privacy.externalUrl, newTab: privacy.openNewTab, label: t('com_app_privacy_policy') }
      : null,
    terms?.externalUrl
      ? { href: terms.externalUrl, newTab: terms.openNewTab, label: t('com_app_terms_of_service') }
      : null,
  ].filter((l) => l !== null);
  const custom = footerParts(config?.customFooter);
  const pieces = [
    ...links.map((l) => (
      <a
        key={l.href}
        href={l.href}
        className="underline-offset-2 hover:text-fg hover:underline"
        {...(l.newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
      >
        {l.label}
      </a>
    )),
    ...(custom.length > 0
      ? custom.map((part, i) => (
          <span key={`c${i}`} className="[&_a]:underline [&_p]:m-0 [&_p]:inline">
            <LazyMarkdown text={part} latex={false} />
          </span>
        ))
      : [
          <span key="default">
            {`${config?.appTitle ?? 'Parley'} ${APP_VERSION}`} — {t('com_ui_footer_latest')}
          </span>,
        ]),
  ];
  return (
    <footer
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 px-4 py-3 text-center text-xs text-fg-subtle"
      data-testid={testId}
    >
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden>|</span>}
          {piece}
        </Fragment>
      ))}
    </footer>
  );
}
