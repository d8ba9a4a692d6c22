import { defaultModelSpec, type Conversation, type ModelSpecsConfig } from '@parley/schema';
import { useCallback, useMemo } from 'react';
import { useEndpoints, useModels } from '../../api/chat-api';
import {
  findSpec,
  lastModels,
  lastSetup,
  setupOfConversation,
  setupOfSpec,
  useSetupStore,
  validSetup,
  type ChatSetup,
} from '../endpoints';
import { setupOfPreset, usePresets } from '../presets';

/**
 * The setup in force for a conversation: what the user picked in this tab, else the saved
 * conversation's own, else (new chat) the default model spec, the default preset or the last setup remembered in local storage — always
 * checked against the endpoints and models the server offers. `specs`: the startup
 * configuration's model specs.
 */
export function useChatSetup(
  conversationId: string,
  conversation: Conversation | undefined,
  specs: ModelSpecsConfig | undefined,
) {
  const { data: endpoints } = useEndpoints();
  const { data: models } = useModels();
  const chosen = useSetupStore((s) => s.setups[conversationId]);
  const setSetup = useSetupStore((s) => s.setSetup);
  const { data: presets } = usePresets();
  const defaultPreset = presets?.find((p) => p.defaultPreset);

  const setup = useMemo<ChatSetup | null>(() => {
    if (!endpoints || !models) return null;
    // A new chat starts from the default model spec (when specs take priority), else the default
    // preset, else where the user left off.
    const startSpec = specs && (specs.prioritize || specs.enforce) ? defaultModelSpec(specs) : undefined;
    const fresh = startSpec
      ? setupOfSpec(startSpec, endpoints)
      : defaultPreset
        ? setupOfPreset(defaultPreset)
        : lastSetup();
    let wanted =
      chosen ?? (conversation ? setupOfConversation(conversation) : conversationId === 'new' ? fresh : null);
    // Enforced specs: a setup that is not one of them (an old conversation, a stale choice) becomes the default.
    if (specs?.enforce && !findSpec(specs, wanted?.spec))
      wanted = setupOfSpec(defaultModelSpec(specs)!, endpoints);
    return validSetup(wanted, endpoints, models, lastModels());
  }, [endpoints, models, chosen, conversation, conversationId, defaultPreset, specs]);

  const update = useCallback((next: ChatSetup) => setSetup(conversationId, next), [setSetup, conversationId]);
  return { setup, endpoints, models, update };
}
