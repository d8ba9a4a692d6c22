import { Suspense } from 'react';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import { useStartupConfig } from '../../api/startup-queries';
import { useTermsStatus } from './terms-query';

// Until the terms are accepted nothing else may be used: a modal that cannot load blocks with Retry.
const TermsModal = lazyArea(
  () => import('./terms-modal'),
  (retry) => (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-overlay">
      <div className="rounded-2xl bg-surface shadow-lg">
        <AreaError onRetry={retry} />
      </div>
    </div>
  ),
).Area;

/** Shows the terms modal when the config asks for modal acceptance and the user has not accepted. */
export function TermsGate() {
  const { data: config } = useStartupConfig();
  const terms = config?.interface.termsOfService;
  const required = terms?.modalAcceptance === true;
  const { data } = useTermsStatus(required);
  if (!required || !data || data.termsAccepted) return null;
  return (
    <Suspense fallback={null}>
      <TermsModal title={terms.modalTitle} content={terms.modalContent} />
    </Suspense>
  );
}
