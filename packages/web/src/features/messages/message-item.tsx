import type { EndpointsConfig } from '@parley/schema';
import { clsx } from 'clsx';
import { Check, Copy, Pencil, RefreshCw, StepForward } from 'lucide-react';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerLabel } from './answer-label';
import { ReadAloudButton } from '../voice';
import { LogoMark } from '../../components/ui/logo';
import { isUnsentFailure, liveMessage, useLiveAnswer } from '../chat-run';
import { ForkButton } from '../fork';
import { MemoryNotice } from '../memories';
import { useCopy } from '../markdown';
import { allowedActions } from './action-rules';
import { AnswerFiguresLine } from './answer-figures-line';
import { AnswerFilesLine } from './answer-files-line';
import { FeedbackButton } from './feedback-button';
import { MessageBody } from './message-body';
import { MessageRenderBoundary } from './message-render-boundary';
import { clearEditRequest, useEditRequest } from './edit-request';
import { MessageEditor } from './message-editor';
import { changedParts, editableParts } from './editable-parts';
import type { VisibleMessage } from './message-tree';
import { SiblingNav } from './sibling-nav';
import { StoppedMark } from './stopped-mark';
import { FallbackNoticeLine } from './fallback-notice-line';
import { UnfinishedNotice } from './unfinished-notice';
import { UserSender } from './user-sender';
import { endNoticeOf } from './end-notice';
import type { useMessageActions } from './use-message-actions';

const ACTION_LOOK =
  'flex items-center rounded-md text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:text-fg';
const ACTION = `${ACTION_LOOK} size-7 justify-center`;
const LABELLED_ACTION = `${ACTION_LOOK} h-7 gap-1 px-2 text-[13px]`;

export interface MessageItemProps {
  item: VisibleMessage;
  isLatest: boolean;
  /** This conversation is submitting (any message). */
  submitting: boolean;
  endpoints: EndpointsConfig | undefined;
  actions: ReturnType<typeof useMessageActions>;
  onSibling: (parentKey: string, index: number, count: number) => void;
  /** The message was opened for editing: the view stays where it is while the editor is used. */
  onEditStart: () => void;
}

/** One message of the visible branch: header, body (or editor), and its buttons. */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { item, isLatest, submitting, endpoints, actions, onSibling, onEditStart } = props;
  const { t } = useTranslation();
  const live = useLiveAnswer(item.message.messageId);
  const message = live ? liveMessage(item.message, live) : item.message;
  const streaming = live !== null;
  const [editing, setEditing] = useState(false);
  const editParts = useMemo(() => editableParts(message), [message]);
  const [copied, copy] = useCopy();
  const allowed = allowedActions(message, endpoints, { submitting, editing, isLatest });
  const endNotice = endNoticeOf(message, streaming || submitting);
  // ↑ in the empty message box asked for this message's editor.
  const editRequested = useEditRequest((s) => s.messageId === message.messageId);
  useEffect(() => {
    if (!editRequested) return;
    clearEditRequest();
    if (!allowed.edit) return;
    onEditStart();
    setEditing(true);
  }, [editRequested, allowed.edit, onEditStart]);
  const user = message.isCreatedByUser;
  const parentId = message.parentMessageId;
  // Only the newest answer, with nothing running, may ask its question again by itself.
  const autoRetry =
    message.error && !user && isLatest && !submitting && !streaming && parentId
      ? { parentMessageId: parentId, createdAt: message.createdAt, retry: () => actions.regenerate(message) }
      : undefined;

  return (
    <div
      className={clsx('group/message flex w-full gap-3 py-3', user && 'justify-end')}
      data-testid={user ? 'message-user' : 'message-assistant'}
      data-message-id={message.messageId}
      data-streaming={streaming || undefined}
    >
      {!user && (
        // On phones the answer takes the full width: no avatar gutter beside it.
        <div className="mt-0.5 hidden size-7 shrink-0 items-center justify-center rounded-full border border-border bg-surface sm:flex">
          <LogoMark className="size-4.5" />
        </div>
      )}
      <div className={clsx('min-w-0', user ? 'flex max-w-[85%] flex-col items-end' : 'flex-1')}>
        {user ? (
          <UserSender />
        ) : (
          <div className="mb-1 text-[13px] font-semibold text-fg" data-testid="message-sender">
            {answerLabel(message, endpoints)}
          </div>
        )}
        {editing ? (
          <MessageEditor
            parts={editParts}
            canSubmit={user}
            onCancel={() => setEditing(false)}
            onSave={(texts) => {
              setEditing(false);
              void actions.save(message, changedParts(editParts, texts));
            }}
            onSubmit={(texts) => {
              setEditing(false);
              // The question's text (its first text part) is what the edit flow sends.
              actions.resubmit(message, texts[editParts.findIndex((p) => p.type === 'text')]!);
            }}
          />
        ) : (
          <div
            className={clsx(
              'message-content',
              // max-w-full: a line longer than the column (a URL, a line of code) would otherwise
              // widen the bubble past the column's start edge, under the sidebar, taking its
              // first characters and "Show more" off screen; held to the column it wraps or scrolls.
              user &&
                'max-w-full rounded-2xl rounded-ee-md bg-surface-muted px-4 py-2.5 dark:bg-surface-raised',
            )}
            data-testid="message-text"
          >
            <MessageRenderBoundary
              text={message.text}
              resetKey={`${message.messageId}:${message.text.length}:${message.content?.length ?? 0}`}
            >
              <MessageBody
                message={message}
                streaming={streaming}
                onRetry={isUnsentFailure(message) ? () => actions.regenerate(message) : undefined}
                autoRetry={autoRetry}
              />
            </MessageRenderBoundary>
            {endNotice === 'stopped' && <StoppedMark />}
            {endNotice === 'unfinished' && <UnfinishedNotice />}
          </div>
        )}
        {!user && !editing && <AnswerFilesLine message={message} />}
        {!user && !editing && !streaming && <FallbackNoticeLine message={message} endpoints={endpoints} />}
        {!user && !editing && !streaming && <MemoryNotice attachments={message.attachments} />}
        {!user && !editing && !streaming && <AnswerFiguresLine message={message} />}
        {!editing && !streaming && (
          <div
            className={clsx(
              'mt-1 flex items-center gap-0.5',
              user ? 'justify-end' : '-ms-1.5',
              !isLatest &&
                'opacity-100 md:opacity-0 md:group-hover/message:opacity-100 md:focus-within:opacity-100',
            )}
            data-testid="message-actions"
          >
            <SiblingNav
              index={item.siblingIndex}
              count={item.siblingCount}
              onChange={(index) => onSibling(item.parentKey, index, item.siblingCount)}
            />
            {allowed.copy && (
              <button
                type="button"
                className={ACTION}
                onClick={() => copy(message.text)}
                aria-label={copied ? t('com_ui_copied') : t('com_ui_copy')}
                data-testid="copy-message"
              >
                {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              </button>
            )}
            {allowed.edit && (
              <button
                type="button"
                className={ACTION}
                onClick={() => {
                  onEditStart();
                  setEditing(true);
                }}
                aria-label={t('com_ui_edit')}
                data-testid="edit-message"
              >
                <Pencil className="size-4" aria-hidden />
              </button>
            )}
            {allowed.regenerate && (
              <button
                type="button"
                className={ACTION}
                onClick={() => actions.regenerate(message)}
                aria-label={t('com_ui_regenerate')}
                data-testid="regenerate"
              >
                <RefreshCw className="size-4" aria-hidden />
              </button>
            )}
            {allowed.continue && (
              <button
                type="button"
                // Under an answer its user stopped, Continue is the next thing they may want: named.
                className={message.stopped ? LABELLED_ACTION : ACTION}
                onClick={() => actions.continueAnswer(message)}
                aria-label={t('com_ui_continue')}
                data-testid="continue"
              >
                <StepForward className="size-4" aria-hidden />
                {message.stopped && <span>{t('com_ui_continue')}</span>}
              </button>
            )}
            {!submitting && message.conversationId !== 'new' && (
              <ForkButton message={message} className={ACTION} />
            )}
            {allowed.feedback && (
              <>
                <FeedbackButton
                  rating="thumbsUp"
                  current={message.feedback}
                  onChange={(f) => void actions.feedback(message, f)}
                  className={ACTION}
                />
                <FeedbackButton
                  rating="thumbsDown"
                  current={message.feedback}
                  onChange={(f) => void actions.feedback(message, f)}
                  className={ACTION}
                />
              </>
            )}
            {/* Last: it appears once the speech settings load, and must not shift the buttons before it. */}
            {!user && allowed.copy && <ReadAloudButton text={message.text} className={ACTION} />}
          </div>
        )}
      </div>
    </div>
  );
});
