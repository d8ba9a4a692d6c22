import { lazy, Suspense } from 'react';
import { useStartupConfig } from '../../api/startup-queries';
import { useTermsStatus } from './terms-query';

const TermsModal = lazy(() => import('./terms-modal'));

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
