import { SlidersHorizontal } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SETUP_KEYS, type ChatSetup } from './chat-setup';
import { LazyParameterFields } from '../model-parameters';
import { Popover } from '../../components/ui/popover';

/** The model parameters of the current setup, with the ranges of its endpoint. */
export function ParametersButton({
  setup,
  onChange,
}: {
  setup: ChatSetup;
  onChange: (setup: ChatSetup) => void;
}) {
  const { t } = useTranslation();
  const reset = () => {
    const next: ChatSetup = { ...setup };
    // Resetting the model parameters leaves the artifacts mode (a switch of its own) as it is.
    for (const key of SETUP_KEYS) if (key !== 'artifacts') delete next[key];
    onChange(next);
  };
  return (
    <Popover
      align="start"
      sideOffset={6}
      className="max-h-[min(75vh,36rem)] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto p-4"
      testId="parameters-panel"
      trigger={
        <button
          type="button"
          className="flex size-9 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('com_endpoint_parameters')}
          data-testid="parameters-button"
          onPointerEnter={LazyParameterFields.preload}
          onFocus={LazyParameterFields.preload}
        >
          <SlidersHorizontal className="size-4.5" aria-hidden />
        </button>
      }
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t('com_endpoint_parameters')}</h2>
        <Button variant="ghost" size="sm" onClick={reset} data-testid="parameters-reset">
          {t('com_endpoint_reset')}
        </Button>
      </div>
      <Suspense fallback={null}>
        <LazyParameterFields.Area setup={setup} onChange={(next) => onChange(next as ChatSetup)} />
      </Suspense>
    </Popover>
  );
}
