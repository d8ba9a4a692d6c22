import type { EndpointsConfig, ModelsConfig } from '@parley/schema';
import { clsx } from 'clsx';
import { ArrowUp, Square } from 'lucide-react';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../store/auth-store';
import { useSettings } from '../../store/settings-store';
import { AttachmentChips } from '../files';
import { messageFiles, useAttachments, useConversationAttachments } from '../files';
import { pastedName, toolResourceOf } from '../files';
import { AttachMenu, UploadTypeDialog, useAttach, useAttachmentDrafts, useUploadChooser } from '../files';
import { AGENTS_ENDPOINT, useAgentList } from '../agents';
import { useChooseAddedConvo, useMultiConvoAllowed } from '../added-convo';
import { McpPickerSlot } from '../mcp';
import { ToolBadges, ToolsMenu } from '../tools-menu';
import { useSlashPrompts } from '../prompts';
import { isShortcut, onMac } from '../shortcuts';
import { MicButton, VoiceStatus, useAutoSend, useVoiceChat, type StreamingAnswers } from '../voice';
import { MESSAGE_BOX_ID } from '../../lib/message-box-id';
import { PENDING_DRAFT_ID } from './draft-storage';
import { useSessionEndedElsewhere } from '../auth';
import { MentionPopup, POPUP_BLUR_CLOSE_MS, useMentionPopup } from './mention-popup';
import { claimDrafts, clearDraft, loadDraft, useDraftSaver } from './use-draft';
import { forgetShellDraft, readShellDraft } from '../../lib/shell-draft';
import { typedCommand, type ModelCommand } from './typed-command';

export interface ChatInputHandle {
  setText: (text: string) => void;
  focus: () => void;
}

export interface ChatInputProps {
  conversationId: string;
  submitting: boolean;
  /**
   * `submitting`, or a send accepted whose generation starts in the next task: the stop button
   * shows from the key press on. Defaults to `submitting`.
   */
  sending?: boolean;
  /** Why typing is not possible (a required key is missing); null when it is. */
  disabledReason: string | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  /** The selected endpoint: its upload limits apply to attachments. */
  endpoint: string | undefined;
  onSend: (text: string, files: Record<string, unknown>[]) => boolean;
  onStop: () => void;
  /** The answers being generated in this tab: spoken as they stream when the voice settings say so. */
  streamingAnswers: StreamingAnswers;
  /** ↑ in the empty box: opens the last message the user sent for editing; false when there is none. */
  onEditLast?: () => boolean;
  /** Enter (or the send button) while an answer is still coming: nothing is sent, the text stays. */
  onSendWhileBusy?: () => void;
  /**
   * Enter while an answer is still coming, with text and no attachments: the text is queued, to be
   * sent when the answer ends, and leaves the box when this answers true.
   */
  onQueue?: (text: string) => boolean;
  onSwitchModel: (endpoint: string, model: string) => void;
  /** Switches to a chat with an agent (the `@` popup's agents); absent: agents are not offered. */
  onSelectAgent?: (agentId: string) => void;
}

const MAX_HEIGHT_PX = 320;

/**
 * The message box: Enter sends and Shift+Enter breaks the line; with
 * enter-to-send off Enter breaks and Ctrl/Cmd+Enter sends; composition and Enter while
 * submitting are ignored. Drafts are saved per conversation and restored; `@` opens the model
 * switcher and `+` the chooser of a second model that answers too (multi-conversation), each when
 * its Commands-tab switch allows it.
 */
export const ChatInput = forwardRef<ChatInputHandle, ChatInputProps>(function ChatInput(props, ref) {
  const { conversationId, submitting, endpoints, models } = props;
  const sending = props.sending ?? submitting;
  const { t } = useTranslation();
  // Logged out in another tab: the text stays in the box (and in its draft), nothing is sent.
  const endedElsewhere = useSessionEndedElsewhere((s) => s.ended);
  const disabledReason =
    props.disabledReason ?? (endedElsewhere ? t('com_ui_session_ended_elsewhere') : null);
  const enterToSend = useSettings((s) => s.enterToSend);
  const atCommand = useSettings((s) => s.atCommand);
  const plusSwitch = useSettings((s) => s.plusCommand);
  const multiConvo = useMultiConvoAllowed();
  const plusCommand = plusSwitch && multiConvo;
  const chooseAdded = useChooseAddedConvo(conversationId, endpoints);
  const userId = useAuth((s) => s.user?.id);
  // What was typed into the page's stand-in box before this one existed is carried over, after
  // any saved draft, so no key pressed since the first paint is lost.
  const [carried] = useState(readShellDraft);
  const [text, setText] = useState(() => {
    claimDrafts(userId);
    const saved = loadDraft(conversationId);
    if (!carried.text) return saved;
    return saved ? `${saved}\n${carried.text}` : carried.text;
  });
  // The open command popup: `@` switches this conversation's model, `+` adds a second one.
  const [command, setCommand] = useState<ModelCommand | null>(null);
  const mention = command !== null;
  const area = useRef<HTMLTextAreaElement>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  const draftId = conversationId === 'new' && submitting ? PENDING_DRAFT_ID : conversationId;
  const attachments = useConversationAttachments(conversationId);
  const attach = useAttach(conversationId, props.endpoint);
  const filesLoading = attachments.some((a) => a.progress < 1);
  useDraftSaver(draftId, text);
  useAttachmentDrafts(
    conversationId,
    useSettings((s) => s.saveDrafts),
  );

  useImperativeHandle(ref, () => ({
    setText: (value) => setText(value),
    focus: () => area.current?.focus(),
  }));

  // Another conversation: its own draft, and the focus goes to the box.
  const shownFor = useRef(conversationId);
  useEffect(() => {
    if (shownFor.current !== conversationId) {
      shownFor.current = conversationId;
      setText(loadDraft(conversationId));
      setCommand(null);
    }
    area.current?.focus();
  }, [conversationId]);

  // Carried text: typing goes on where it stopped, at its end.
  useEffect(() => {
    const el = area.current;
    forgetShellDraft();
    if (el && carried.text) el.setSelectionRange(el.value.length, el.value.length);
  }, [carried]);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  // The agents are read once the popup opens, for its agents endpoint.
  const { agents } = useAgentList('', mention && Boolean(props.onSelectAgent));
  const closeMention = () => {
    setCommand(null);
    setText('');
    area.current?.focus();
  };
  const popup = useMentionPopup({
    search: mention ? text.slice(1) : '',
    endpoints,
    models,
    agents,
    agentsEndpoint: AGENTS_ENDPOINT,
    onSelect: (endpoint, model) => {
      if (command === '+') chooseAdded.model(endpoint, model);
      else props.onSwitchModel(endpoint, model);
      closeMention();
    },
    ...(props.onSelectAgent
      ? {
          onSelectAgent: (agentId: string) => {
            if (command === '+') chooseAdded.agent(agentId);
            else props.onSelectAgent?.(agentId);
            closeMention();
          },
        }
      : {}),
    onClose: () => setCommand(null),
  });

  // The `/` prompt picker and its variable dialog. With "send prompts right away" off, the
  // chosen prompt (variables filled) waits in the box to be edited and sent by hand.
  const autoSendPrompts = useSettings((s) => s.autoSendPrompts);
  const slash = useSlashPrompts({
    clearText: useCallback(() => setText(''), []),
    send: (value) => (autoSendPrompts ? void props.onSend(value, []) : setText(value)),
  });

  const send = (value = text) => {
    if (submitting && value.trim() !== '') {
      if (attachments.length === 0 && props.onQueue?.(value)) {
        autoSend.cancel();
        clearDraft(draftId);
        setText('');
        return;
      }
      props.onSendWhileBusy?.();
    }
    if (submitting || disabledReason || filesLoading || value.trim() === '') return;
    if (props.onSend(value, messageFiles(attachments))) {
      // Sent by hand before the transcript's auto-send: it must not go a second time.
      autoSend.cancel();
      clearDraft(conversationId);
      setText('');
      useAttachments.getState().clear(conversationId);
    }
  };

  // A transcript joins what is typed; with auto-send on it is sent after the chosen delay unless
  // the user types meanwhile.
  const autoSend = useAutoSend((value) => send(value));
  const onTranscript = (spoken: string) => {
    const joined = text.trim() ? `${text.trimEnd()} ${spoken}` : spoken;
    setText(joined);
    autoSend.schedule(joined);
  };
  const voice = useVoiceChat({ conversationId, submitting, answers: props.streamingAnswers, onTranscript });
  const stop = () => {
    voice.stop();
    props.onStop();
  };

  // Pasted files (screenshots) get a timestamped name, then the same chooser as dropped ones.
  const pasteUpload = useUploadChooser(attach.add, props.endpoint === AGENTS_ENDPOINT);
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData.files);
    if (files.length === 0) return;
    e.preventDefault();
    pasteUpload.offer(files.map((f) => pastedName(f)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (slash.onKeyDown(e)) {
      e.preventDefault();
      return;
    }
    if (mention && popup.onKeyDown(e)) {
      e.preventDefault();
      return;
    }
    // ↑ in an empty box changes no text: it opens the last message sent for editing.
    if (text === '' && isShortcut('editLast', e, onMac()) && props.onEditLast?.()) {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Enter') return;
    const mod = e.ctrlKey || e.metaKey;
    const sends = enterToSend ? !e.shiftKey && !mod : mod;
    if (enterToSend && mod) {
      e.preventDefault();
      send();
      return;
    }
    if (!sends) return;
    e.preventDefault();
    send();
  };

  const onChange = (value: string) => {
    autoSend.cancel();
    setText(value);
    slash.onTextChange(value);
    setCommand(typedCommand(value, { '@': atCommand, '+': plusCommand }));
  };

  const disabled = Boolean(disabledReason);
  return (
    <div className="relative">
      {mention && (
        <MentionPopup state={popup} {...(command === '+' ? { heading: t('multiConvo.add') } : {})} />
      )}
      <UploadTypeDialog chooser={pasteUpload.chooser} />
      {slash.element}
      {endedElsewhere && (
        <p
          role="status"
          data-testid="session-ended-note"
          className="mb-2 rounded-lg bg-warning-soft px-3 py-2 text-[13px] text-fg"
        >
          {t('com_ui_session_ended_elsewhere')}{' '}
          <a href="/login" className="font-medium text-accent underline">
            {t('com_ui_sign_in')}
          </a>
        </p>
      )}
      <VoiceStatus
        phase={voice.phase}
        onStop={submitting ? stop : voice.stop}
        sendsAt={autoSend.sendsAt}
        onCancelSend={autoSend.cancel}
      />
      <div
        className={clsx(
          'rounded-3xl border border-border-strong bg-surface-raised shadow-sm transition-shadow',
          'focus-within:border-accent/60 focus-within:shadow-md focus-within:shadow-accent/5',
          disabled && 'opacity-70',
        )}
      >
        <AttachmentChips attachments={attachments} onRemove={attach.remove} />
        {/* On a phone the text gets a row of its own above the controls: beside five 40 px buttons
            a 360 px screen left it about 100 px, and the placeholder broke over two lines. */}
        <div className="flex items-end gap-2 p-2 max-sm:flex-wrap" data-testid="composer-controls">
          <AttachMenu
            disabled={disabled || !attach.ready}
            onFiles={(files, kind) => void attach.add(files, toolResourceOf(kind))}
          />
          <McpPickerSlot conversationId={conversationId} />
          <ToolsMenu conversationId={conversationId} enabled={props.endpoint !== AGENTS_ENDPOINT} />
          <textarea
            ref={area}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => {
              window.clearTimeout(blurTimer.current);
              blurTimer.current = window.setTimeout(() => setCommand(null), POPUP_BLUR_CLOSE_MS);
              slash.onBlur();
            }}
            onFocus={() => {
              window.clearTimeout(blurTimer.current);
              slash.onFocus();
            }}
            disabled={disabled}
            rows={1}
            placeholder={disabledReason ?? t('com_ui_message_placeholder')}
            aria-label={t('com_ui_message_input')}
            data-testid="chat-input"
            id={MESSAGE_BOX_ID}
            className="max-h-80 min-h-10 flex-1 resize-none bg-transparent py-2 text-[15px] leading-6 outline-none placeholder:text-fg-subtle disabled:cursor-not-allowed max-sm:order-first max-sm:basis-full max-sm:px-2"
          />
          <div className="ms-auto flex shrink-0 items-end gap-2">
            <MicButton submitting={submitting} disabled={disabled} speech={voice.speech} />
            {sending ? (
              <button
                type="button"
                onClick={stop}
                aria-label={t('com_ui_stop')}
                data-testid="stop-button"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-fg text-surface hover:opacity-85"
              >
                <Square className="size-3.5 fill-current" aria-hidden />
              </button>
            ) : (
              <button
                type="button"
                onClick={() => send()}
                disabled={disabled || filesLoading || text.trim() === ''}
                aria-label={t('com_ui_send')}
                data-testid="send-button"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover disabled:bg-border-strong disabled:text-surface"
              >
                <ArrowUp className="size-5" aria-hidden />
              </button>
            )}
          </div>
        </div>
        <ToolBadges conversationId={conversationId} enabled={props.endpoint !== AGENTS_ENDPOINT} />
      </div>
    </div>
  );
});
