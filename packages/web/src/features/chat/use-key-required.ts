import type { EndpointsConfig } from '@parley/schema';
import { useTranslation } from 'react-i18next';
import type { ChatSetup } from '../endpoints';
import { keyIsValid, useKeyExpiry } from '../../api/keys-api';

/** The box is disabled when the endpoint needs the user's key and none is set. */
export function useKeyRequired(
  setup: ChatSetup | null,
  endpoints: EndpointsConfig | undefined,
): string | null {
  const { t } = useTranslation();
  const needsKey = Boolean(setup && endpoints?.[setup.endpoint]?.userProvide);
  const expiry = useKeyExpiry(setup?.endpoint ?? '', needsKey);
  if (!needsKey || expiry.isPending) return null;
  return keyIsValid(expiry.data) ? null : t('com_endpoint_config_key_missing');
}
