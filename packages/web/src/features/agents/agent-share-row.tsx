import type { Agent } from '@parley/schema';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { SwitchRow } from '../../components/ui/switch';
import { useHasPermission } from '../auth';
import { useUpdateAgent } from './use-agent-mutations';

/**
 * Share with all users: an agent shared to everyone carries the instance project id, as prompt
 * groups do. Needs AGENTS.SHARED_GLOBAL.
 */
export function AgentShareRow({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const allowed = useHasPermission('AGENTS', 'SHARED_GLOBAL');
  const projectId = useStartupConfig().data?.instanceProjectId;
  const update = useUpdateAgent();
  if (!allowed || !projectId) return null;
  const shared = agent.projectIds.includes(projectId);
  return (
    <SwitchRow
      label={t('agents.share_all')}
      description={t('agents.share_all_hint')}
      checked={shared}
      onCheckedChange={(on) =>
        update.mutate({
          id: agent.id,
          body: on ? { projectIds: [projectId] } : { removeProjectIds: [projectId] },
        })
      }
      testId="agent-share-all"
    />
  );
}
