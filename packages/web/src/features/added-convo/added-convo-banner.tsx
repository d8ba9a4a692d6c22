import type { EndpointsConfig } from '@parley/schema';
import { X } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENTS_ENDPOINT, AgentLabel } from '../agents';
import { useAddedConvo, useAddedSetup } from './added-convo-store';
import { useMultiConvoAllowed } from './use-multi-convo';

/**
 * Above the message box while a second model is chosen: which one answers too, and the button
 * that removes it.
 */
export function AddedConvoBanner({
  conversationId,
  endpoints,
}: {
  conversationId: string;
  endpoints: EndpointsConfig | undefined;
}) {
  const { t } = useTranslation();
  const allowed = useMultiConvoAllowed();
  const setup = useAddedSetup(conversationId);
  const removeFor = useAddedConvo((s) => s.remove);
  if (!allowed || !setup) return null;
  const endpointLabel = endpoints?.[setup.endpoint]?.modelDisplayLabel ?? setup.endpoint;
  const model =
    setup.endpoint === AGENTS_ENDPOINT && typeof setup.agent_id === 'string' ? (
      <Suspense fallback="…">
        <AgentLabel agentId={setup.agent_id} />
      </Suspense>
    ) : (
      `${setup.model} (${endpointLabel})`
    );
  return (
    <div
      className="mx-auto mb-2 flex w-full max-w-3xl items-center gap-2 rounded-xl border border-border bg-surface-muted px-3 py-1.5 text-sm text-fg"
      data-testid="added-convo-banner"
      role="status"
    >
      <span className="min-w-0 flex-1 truncate">
        {t('multiConvo.alsoAnswering')} <strong className="font-semibold">{model}</strong>
      </span>
      <button
        type="button"
        onClick={() => removeFor(conversationId)}
        className="flex size-6 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-raised hover:text-fg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={t('multiConvo.remove')}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
