import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/api-error-text';

/**
 * What a failed memory change tells the user: the token limit in their language (with the
 * count), the server's own explanation for anything else it refused (translated as `apiErrorText` can), a
 * generic text otherwise.
 */
export function memoryErrorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('memories.error_generic');
  const body = error.body as { code?: unknown; tokenCount?: unknown; tokenLimit?: unknown } | undefined;
  const count = typeof body?.tokenCount === 'number' ? body.tokenCount : 0;
  const limit = typeof body?.tokenLimit === 'number' ? body.tokenLimit : 0;
  if (body?.code === 'already_exceeded') return t('memories.error_already_exceeded', { count, limit });
  if (body?.code === 'would_exceed') return t('memories.error_would_exceed', { count, limit });
  return apiErrorText(error, t('memories.error_generic'));
}
