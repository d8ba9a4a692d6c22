import { Bot } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import { Spinner } from '../../components/ui/spinner';
import type { SidePanelSection } from '../side-panel';
import type { AgentBuilderProps } from './agent-builder-panel';
import { useAgentsAllowed } from './agents-allowed';

// The builder is a chunk of its own: most chats never open it.
const AgentBuilderPanel = lazyArea<AgentBuilderProps>(
  () => import('./agent-builder-panel'),
  (retry) => <AreaError onRetry={retry} />,
).Area;

/**
 * The agent builder as a side-panel section; none without AGENTS.USE or when the interface
 * configuration turns agents off.
 */
export function useAgentBuilderSection(props: AgentBuilderProps): SidePanelSection | null {
  const { t } = useTranslation();
  const allowed = useAgentsAllowed();
  const enabled = useStartupConfig().data?.interface.agents === true;
  if (!allowed || !enabled) return null;
  return {
    id: 'agents',
    label: t('agents.builder'),
    icon: Bot,
    content: (
      <Suspense
        fallback={
          <div className="flex flex-1 justify-center py-10">
            <Spinner className="size-5 text-fg-muted" />
          </div>
        }
      >
        <AgentBuilderPanel {...props} />
      </Suspense>
    ),
  };
}
