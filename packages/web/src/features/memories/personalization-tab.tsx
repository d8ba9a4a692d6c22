import { useTranslation } from 'react-i18next';
import { SwitchRow } from '../../components/ui/switch';
import { useHasPermission } from '../auth';
import { showToast } from '../toasts';
import { useMemories, useMemoryMutations } from './memories-api';
import { MemoryManager } from './memory-manager';

/**
 * Settings → Personalization: whether the assistant may use the user's memories (when the server
 * lets users choose and the role has MEMORIES.OPT_OUT), and the memories themselves.
 */
export function PersonalizationTab() {
  const { t } = useTranslation();
  const canOptOut = useHasPermission('MEMORIES', 'OPT_OUT');
  const { data } = useMemories();
  const { setPreferences } = useMemoryMutations();
  return (
    <div className="divide-y divide-border">
      {canOptOut && data?.personalize && (
        <SwitchRow
          label={t('memories.use_memories')}
          description={t('memories.use_memories_description')}
          checked={data.preferences.memories}
          onCheckedChange={(memories) =>
            setPreferences.mutate(
              { memories },
              { onError: () => showToast(t('memories.preferences_error'), 'error') },
            )
          }
          testId="memory-preference"
        />
      )}
      <MemoryManager />
    </div>
  );
}
