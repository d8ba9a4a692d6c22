import type { EndpointsConfig, Message } from '@parley/schema';
import { Shuffle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fallbackNames } from './fallback-notice';

/**
 * Under an answer a fallback model gave (parley.yaml `fallbacks`): who answered and which model
 * was unavailable, so a reader knows the answer is not from the model they picked. The reasons
 * (rate limited, server error, …) are in the tooltip.
 */
export function FallbackNoticeLine({
  message,
  endpoints,
}: {
  message: Pick<Message, 'endpoint' | 'model' | 'fallbackFrom'>;
  endpoints: EndpointsConfig | undefined;
}) {
  const { t } = useTranslation();
  const names = fallbackNames(message, endpoints);
  if (!names) return null;
  const reasons = (message.fallbackFrom ?? [])
    .map((m, i) => `${names.failed[i]}: ${t(`com_ui_fallback_reason_${m.reason}`)}`)
    .join('\n');
  return (
    <p
      data-testid="fallback-notice"
      title={reasons}
      className="mt-2 flex items-center gap-1.5 text-[13px] text-fg-subtle"
    >
      <Shuffle className="size-3 shrink-0" aria-hidden />
      {t('com_ui_fallback_notice', {
        answered: names.answered,
        failed: names.failed.join(', '),
        count: names.failed.length,
      })}
    </p>
  );
}
