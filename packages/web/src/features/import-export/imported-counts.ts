import type { TFunction } from 'i18next';

/**
 * "Imported 1 conversation with 12 messages": each count picks its own plural form (one,
 * few, many, … as the language has them) before both go into the sentence.
 */
export function importedCountsText(t: TFunction, added: { conversations: number; messages: number }): string {
  return t('com_ui_import_conversation_success_counts', {
    conversations: t('com_ui_import_count_conversations', { count: added.conversations }),
    messages: t('com_ui_import_count_messages', { count: added.messages }),
  });
}
