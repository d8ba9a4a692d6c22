import type { Conversation } from '@parley/schema';
import { useMemo } from 'react';
import { useEndpoints, useModels } from '../chat/chat-api';
import { setupOfConversation, validSetup, type ChatSetup } from './chat-setup';
import { lastModels, lastSetup, useSetupStore } from './setup-store';

/**
 * The setup in force for a conversation: what the user picked in this tab, else the saved
 * conversation's own, else (new chat) the last setup remembered in local storage — always
 * checked against the endpoints and models the server offers.
 */
export function useChatSetup(conversationId: string, conversation: Conversation | undefined) {
  const { data: endpoints } = useEndpoints();
  const { data: models } = useModels();
  const chosen = useSetupStore((s) => s.setups[conversationId]);
  const setSetup = useSetupStore((s) => s.setSetup);

  const setup = useMemo<ChatSetup | null>(() => {
    if (!endpoints || !models) return null;
    const wanted =
      chosen ??
      (conversation ? setupOfConversation(conversation) : conversationId === 'new' ? lastSetup() : null);
    return validSetup(wanted, endpoints, models, lastModels());
  }, [endpoints, models, chosen, conversation, conversationId]);

  return {
    setup,
    endpoints,
    models,
    update: (next: ChatSetup) => setSetup(conversationId, next),
  };
}
