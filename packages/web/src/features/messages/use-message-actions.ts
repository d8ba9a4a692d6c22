import type { Feedback, Message } from '@parley/schema';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import { chatApi } from '../../api/chat-api';
import { isUnsentFailure, patchMessage, resendFailed, sendMessage } from '../chat-run';
import type { ChatSetup } from '../endpoints';
import { secondAnswerSetup, useAddedSetup } from '../added-convo';
import { withPartsChanged, type EditablePart } from './editable-parts';

/** What the message buttons do, for one conversation. */
export function useMessageActions(conversationId: string, setup: ChatSetup | null, senderLabel: string) {
  const { t } = useTranslation();
  const addedSetup = useAddedSetup(conversationId);

  const regenerate = useCallback(
    (answer: Message) => {
      if (!setup) return;
      // An answer that failed before the server saved anything cannot be regenerated there.
      if (isUnsentFailure(answer)) {
        resendFailed(conversationId, answer, setup, senderLabel);
        return;
      }
      // The second answer of a pair is answered again by its own model, beside the same first answer.
      const paired = answer.pairedAnswerId ? secondAnswerSetup(answer, addedSetup) : null;
      sendMessage({
        conversationId,
        kind: 'regenerate',
        text: '',
        parentMessageId: answer.parentMessageId,
        ...(paired
          ? { setup: paired, senderLabel: answer.sender, pairedAnswerId: answer.pairedAnswerId }
          : { setup, senderLabel }),
      });
    },
    [conversationId, setup, senderLabel, addedSetup],
  );

  const continueAnswer = useCallback(
    (answer: Message) => {
      if (!setup) return;
      sendMessage({
        conversationId,
        kind: 'continue',
        text: '',
        parentMessageId: answer.parentMessageId,
        responseMessage: answer,
        setup,
        senderLabel,
      });
    },
    [conversationId, setup, senderLabel],
  );

  /** Save and submit of a user message: a new sibling user message, i.e. a new branch. */
  const resubmit = useCallback(
    (message: Message, text: string) => {
      if (!setup) return;
      sendMessage({
        conversationId,
        kind: 'new',
        text,
        parentMessageId: message.parentMessageId,
        setup,
        senderLabel,
      });
    },
    [conversationId, setup, senderLabel],
  );

  /**
   * Save only: each changed piece is replaced in place — a text or think part by its index, or the
   * plain text of a message without parts — and the other parts stay as they were.
   */
  const save = useCallback(
    async (message: Message, changes: readonly EditablePart[]) => {
      if (changes.length === 0) return;
      const before = message;
      const after = withPartsChanged(message, changes);
      patchMessage(conversationId, message.messageId, {
        text: after.text,
        ...(after.content ? { content: after.content } : {}),
      });
      try {
        for (const change of changes) {
          await chatApi.editMessage(
            conversationId,
            message.messageId,
            change.index === null ? { text: change.text } : { text: change.text, index: change.index },
          );
        }
      } catch {
        patchMessage(conversationId, message.messageId, before);
        showToast(t('com_ui_edit_error'), 'error');
      }
    },
    [conversationId, t],
  );

  const feedback = useCallback(
    async (message: Message, value: Feedback | null) => {
      patchMessage(conversationId, message.messageId, { feedback: value });
      try {
        await chatApi.feedback(conversationId, message.messageId, value);
      } catch (error) {
        // A feedback failure is only logged.
        console.warn('feedback failed', error);
      }
    },
    [conversationId],
  );

  // One object while its functions stay the same: every message row takes it as a prop, and a new
  // one would re-render each visible row whenever the chat view renders.
  return useMemo(
    () => ({ regenerate, continueAnswer, resubmit, save, feedback }),
    [regenerate, continueAnswer, resubmit, save, feedback],
  );
}
