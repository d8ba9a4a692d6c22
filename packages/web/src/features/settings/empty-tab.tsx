import { useTranslation } from 'react-i18next';

/** A settings section whose controls have not been built yet says so instead of showing fakes. */
export function EmptyTab() {
  const { t } = useTranslation();
  return <p className="py-3 text-sm text-fg-muted">{t('com_nav_setting_section_empty')}</p>;
}
