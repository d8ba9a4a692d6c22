import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasErrorCode } from '../../api/api-error';
import { useStartupConfig } from '../../api/startup-queries';
import { Spinner } from '../../components/ui/spinner';
import { MOBILE_HEADER_MEDIA } from '../../lib/breakpoints';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSettings } from '../../store/settings-store';
import { useShell } from '../../store/shell-store';
import type { ChatSetup } from '../endpoints';
import { fitParameters } from '../endpoints';
import { useChatSetup } from './use-chat-setup';
import { useSetupStore } from '../endpoints';
import type { ChatInputHandle } from '../input';
import { ChatFooter } from './chat-footer';
import { Composer } from './composer';
import { streamingAnswers } from './streaming-answers';
import { requestEdit, useVisiblePath } from '../messages';
import { preloadMarkdown } from '../messages';
import { useMessageActions } from '../messages';
import { OfflineState } from '../network';
import { usePromptsSection } from '../prompts';
import { isShortcut, onMac } from '../shortcuts';
import { showToast } from '../toasts';
import { AGENTS_ENDPOINT, AgentStarters, useAgentBuilderSection } from '../agents';
import { useMcpSection } from '../mcp';
import { SidePanel, SidePanelToggle, type SidePanelSection } from '../side-panel';
import { chatApi, chatKeys, useConversation, useMessages } from '../../api/chat-api';
import {
  holdIfAnsweredElsewhere,
  parentForNewMessage,
  queueMessage,
  resumeGeneration,
  sendMessage,
  stopGeneration,
  useIsSubmitting,
  useLive,
  usePendingMemoryNotice,
} from '../chat-run';
import { DropOverlay } from '../files';
import { useAttach } from '../files';
import { UploadTypeDialog, useFileDrop, useUploadChooser } from '../files';
import { AnsweringElsewhereNote } from './answering-elsewhere-note';
import { QueuedMessages } from './queued-messages';
import { useQueueSender } from './use-queue-sender';
import { ChatArtifacts } from './chat-artifacts';
import { ChatControls } from './chat-controls';
import { LazyMessageList, preloadMessageList } from './lazy-message-list';
import { prefetchChatPathWhenIdle } from './prefetch-chat-path';
import { ChatHeader } from './chat-header';
import { Landing } from './landing';
import { setupToQuery } from '../input';
import { useChatQueryParams } from './use-chat-query-params';
import { useKeyRequired } from './use-key-required';
import { AddedConvoBanner, useAddedSetup, useMultiConvoAllowed } from '../added-convo';
import { ProjectDraftBadge } from '../projects';

/** /c/:conversationId — the chat view: header, landing or message tree, and the message box. */
export default function ChatView() {
  const { conversationId: routeId = 'new' } = useParams();
  const navigate = useNavigate();
  // The server has just named this new chat: its exchange already lives under the real id, and the
  // address follows a moment later (the navigation below). Showing the real id at once keeps the
  // messages on screen in between, instead of the empty new chat's greeting.
  // A naming left from before this view was shown (a new chat sent, then another page opened
  // before the server named it) belongs to no one: it must not take the next new chat elsewhere.
  const stale = useRef(useLive.getState().created);
  const named = useLive((s) => s.created);
  const created = named === stale.current ? null : named;
  const conversationId = created && created.from === routeId ? created.to : routeId;
  useEffect(() => {
    if (stale.current && useLive.getState().created === stale.current) useLive.getState().clearCreated();
    stale.current = null;
  }, []);
  const { data: config } = useStartupConfig();
  const { data: conversation } = useConversation(conversationId);
  const messagesQuery = useMessages(conversationId);
  const messages = useMemo(() => messagesQuery.data ?? [], [messagesQuery.data]);
  usePendingMemoryNotice(conversationId, messages);
  const { setup, endpoints, models, update } = useChatSetup(conversationId, conversation, config?.modelSpecs);
  const submitting = useIsSubmitting(conversationId);
  // On a phone the message box stays at the bottom, under the thumb, also on the landing page.
  const phone = useMediaQuery(MOBILE_HEADER_MEDIA);
  const centerForm = useSettings((s) => s.centerFormOnLanding) && !phone;
  const setShellTitle = useShell((s) => s.setConversationTitle);
  const path = useVisiblePath(conversationId, messages);
  const input = useRef<ChatInputHandle>(null);
  const [sendCount, setSendCount] = useState(0);

  const keyMissing = useKeyRequired(setup, endpoints);
  const senderLabel = setup ? (endpoints?.[setup.endpoint]?.modelDisplayLabel ?? setup.endpoint) : '';
  // The second model chosen for this conversation (the `+` button or command) answers each new message too.
  const multiConvo = useMultiConvoAllowed();
  const addedSetup = useAddedSetup(conversationId);
  const added = useMemo(
    () =>
      multiConvo && addedSetup
        ? {
            setup: addedSetup,
            senderLabel: endpoints?.[addedSetup.endpoint]?.modelDisplayLabel ?? addedSetup.endpoint,
          }
        : undefined,
    [multiConvo, addedSetup, endpoints],
  );
  const actions = useMessageActions(conversationId, setup, senderLabel);

  // After the first paint, the rest of the chat's code arrives while nobody needs it yet.
  useEffect(prefetchChatPathWhenIdle, []);

  useEffect(() => {
    if (conversationId === 'new') return;
    preloadMarkdown();
    preloadMessageList();
  }, [conversationId]);

  // A conversation that does not exist (or is not the caller's) opens a new chat instead.
  const missing = messagesQuery.isError && hasErrorCode(messagesQuery.error, 'not_found');
  useEffect(() => {
    if (missing) void navigate('/c/new', { replace: true });
  }, [missing, navigate]);

  // The server named a new chat: /c/new becomes /c/{id} (replace). The naming is forgotten only
  // once the address shows the real id (or the user went elsewhere meanwhile): forgotten earlier,
  // the view would read the emptied new chat for the frames the navigation takes.
  useEffect(() => {
    if (!created) return;
    // The setup in the address belonged to the new chat; the conversation now carries it.
    if (created.from === routeId) void navigate(`/c/${created.to}`, { replace: true });
    else useLive.getState().clearCreated();
  }, [created, routeId, navigate]);

  // The title follows the conversation in the header, the mobile header and the page title.
  const title = conversationId === 'new' ? null : (conversation?.title ?? null);
  useEffect(() => {
    setShellTitle(title);
    document.title = title || config?.appTitle || 'Parley';
  }, [title, config?.appTitle, setShellTitle]);

  // Esc stops an answer while it streams — unless it is closing a menu or dialog first.
  useEffect(() => {
    if (!submitting) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut('stop', e, onMac()) || e.defaultPrevented || e.isComposing) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      void stopGeneration(conversationId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [submitting, conversationId]);

  // A conversation still generating on the server (reload mid-stream) is re-attached. Not asked
  // while this tab streams it: the answer (this tab's own generation) could end before the reply
  // came, and a reply saying "generating" would then re-attach to an answer already shown,
  // emptying its row and rebuilding it (an editor just opened on it closed).
  const active = useQuery({
    queryKey: [...chatKeys.active, conversationId],
    queryFn: chatApi.active,
    enabled: conversationId !== 'new' && messagesQuery.isSuccess && !submitting,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (active.data?.activeJobIds.includes(conversationId)) resumeGeneration(conversationId);
  }, [active.data, conversationId]);

  const send = useCallback(
    (text: string, withSetup: ChatSetup | null = setup, files?: Record<string, unknown>[]): boolean => {
      if (!withSetup) return false;
      // Offline the request could only fail: the text stays in the box until the network is back.
      if (!navigator.onLine) {
        showToast(i18next.t('com_ui_offline_send'), 'warning');
        return false;
      }
      // Another tab of this browser is answering this conversation, and the server takes one
      // message at a time: the text is queued (with files, it stays in the box), a note says why,
      // and this tab follows that answer (the resume call) until it ends.
      if (conversationId !== 'new' && holdIfAnsweredElsewhere(conversationId)) {
        resumeGeneration(conversationId);
        if (files?.length) return false;
        queueMessage(conversationId, text);
        return true;
      }
      preloadMessageList();
      preloadMarkdown();
      const sent = sendMessage({
        conversationId,
        kind: 'new',
        text,
        parentMessageId: parentForNewMessage(path.map((p) => p.message)),
        setup: withSetup,
        senderLabel,
        files,
        added,
      });
      // Not urgent: the send itself starts in a task of its own (sendMessage); the jump to the
      // bottom follows without adding the whole view's render to the key press.
      if (sent) startTransition(() => setSendCount((n) => n + 1));
      return sent;
    },
    [conversationId, path, setup, senderLabel, added],
  );

  // Enter while an answer streams queues the text (a new chat's first answer excepted: the text
  // stays in the box until the conversation has its id); the queue sends it when the answer ends.
  const queueWhileAnswering = useCallback(
    (text: string) => {
      if (conversationId === 'new') return false;
      queueMessage(conversationId, text);
      return true;
    },
    [conversationId],
  );
  useQueueSender({
    conversationId,
    submitting,
    messagesFetching: messagesQuery.isFetching,
    messagesUpdatedAt: messagesQuery.dataUpdatedAt,
    activeCheckedAt: active.dataUpdatedAt,
    activeFetching: active.isFetching,
    stillActive: active.data?.activeJobIds.includes(conversationId) ?? false,
    send: (text) => send(text),
    putBack: (text) => input.current?.setText(text),
  });

  /** ↑ in the empty message box: the last message the user sent opens for editing. */
  const editLast = useCallback((): boolean => {
    if (submitting) return false;
    const last = path.findLast((p) => p.message.isCreatedByUser);
    if (!last) return false;
    requestEdit(last.message.messageId);
    return true;
  }, [path, submitting]);

  // A new chat's setup is written into its address (unless parameters are disabled).
  const [, setParams] = useSearchParams();
  const paramsAllowed = config?.interface.parameters !== false;
  const changeSetup = useCallback(
    (next: ChatSetup) => {
      update(next);
      if (conversationId === 'new' && paramsAllowed) setParams(setupToQuery(next), { replace: true });
    },
    [update, conversationId, paramsAllowed, setParams],
  );

  /** Opens a new chat with `next` as its setup (its address carries the setup). */
  const startNewChat = useCallback(
    (next: ChatSetup) => {
      useSetupStore.getState().setSetup('new', next);
      void navigate(`/c/new?${setupToQuery(next).toString()}`);
    },
    [navigate],
  );

  const modularChat = useSettings((s) => s.modularChat);
  const switchModel = useCallback(
    (endpoint: string, model: string) => {
      if (!setup) return;
      // A plain model leaves any model spec behind.
      const { spec: _spec, ...rest } = setup;
      const keep = setup.endpoint === endpoint ? rest : {};
      // The parameters kept must fit the new model's ranges (e.g. a Bedrock model of another maker).
      const next = fitParameters({
        ...keep,
        endpoint,
        endpointType: endpoints?.[endpoint]?.type ?? null,
        model,
      });
      // Without modular chat, another endpoint means another conversation (without the second model).
      if (!modularChat && conversationId !== 'new' && setup.endpoint !== endpoint) startNewChat(next);
      else changeSetup(next);
    },
    [setup, changeSetup, endpoints, modularChat, conversationId, startNewChat],
  );

  // A chat with an agent always starts as a new chat whose setup names the agent (and its address
  // carries agent_id).
  const chooseAgent = useCallback(
    (agentId: string) => {
      const next: ChatSetup = { endpoint: AGENTS_ENDPOINT, endpointType: null, model: '', agent_id: agentId };
      if (conversationId === 'new') changeSetup(next);
      else startNewChat(next);
    },
    [conversationId, changeSetup, startNewChat],
  );

  useChatQueryParams({
    conversationId,
    setup,
    endpoints,
    models,
    applySetup: (next) => update(next),
    prefill: (text) => input.current?.setText(text),
    submit: (text, next) => void send(text, next),
  });

  const promptsSection = usePromptsSection((text) => void send(text));
  const agentsSection = useAgentBuilderSection({
    endpoints,
    models,
    fallback:
      setup && setup.endpoint !== AGENTS_ENDPOINT ? { endpoint: setup.endpoint, model: setup.model } : null,
    onChat: chooseAgent,
  });
  const mcpSection = useMcpSection();
  const sections = [agentsSection, promptsSection, mcpSection].filter(
    (s): s is SidePanelSection => s !== null,
  );

  // Typing the first message of a new chat fetches the list's code, so it is there when the
  // message is sent (the landing page itself does not need it).
  const preloadList = useCallback(() => {
    preloadMessageList();
    preloadMarkdown();
  }, []);

  const attach = useAttach(conversationId, setup?.endpoint);
  // Dropped files: asked how to add them when there is a choice (file search on offer).
  const dropUpload = useUploadChooser(attach.add, setup?.endpoint === AGENTS_ENDPOINT);
  const drop = useFileDrop(dropUpload.offer);
  const loading = conversationId !== 'new' && messagesQuery.isPending;
  // The messages query waits for the network rather than failing: say so instead of spinning.
  const waitingForNetwork = loading && messagesQuery.fetchStatus === 'paused';
  const landing = !loading && messages.length === 0;
  const box = (
    <>
      <AnsweringElsewhereNote conversationId={conversationId} />
      <QueuedMessages conversationId={conversationId} onEdit={(text) => input.current?.setText(text)} />
      <AddedConvoBanner conversationId={conversationId} endpoints={endpoints} />
      <Composer
        ref={input}
        conversationId={conversationId}
        submitting={submitting}
        disabledReason={keyMissing}
        endpoints={endpoints}
        models={models}
        endpoint={setup?.endpoint}
        onSend={(text, files) => send(text, setup, files)}
        onStop={() => void stopGeneration(conversationId)}
        streamingAnswers={streamingAnswers}
        onSendWhileBusy={() => void holdIfAnsweredElsewhere(conversationId)}
        onQueue={queueWhileAnswering}
        onEditLast={editLast}
        onSwitchModel={switchModel}
        onSelectAgent={chooseAgent}
      />
      <ChatFooter />
    </>
  );

  return (
    <div
      className="relative flex min-h-0 flex-1"
      {...drop.handlers}
      onInput={landing ? preloadList : undefined}
    >
      {drop.over && <DropOverlay />}
      <UploadTypeDialog chooser={dropUpload.chooser} />
      <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-conversation-id={conversationId}>
        <ChatHeader title={title} loading={loading} end={<SidePanelToggle sections={sections} />}>
          {(part) => (
            <ChatControls
              part={part}
              conversationId={conversationId}
              setup={setup}
              endpoints={endpoints}
              models={models}
              onSwitch={switchModel}
              onSetup={changeSetup}
              onAgent={chooseAgent}
            />
          )}
        </ChatHeader>
        {waitingForNetwork ? (
          <OfflineState />
        ) : loading ? (
          <div className="flex flex-1 items-center justify-center" data-testid="messages-loading">
            <Spinner className="size-6 text-fg-muted" />
          </div>
        ) : landing ? (
          <Landing
            above={
              <>
                {conversationId === 'new' && <ProjectDraftBadge />}
                {setup?.endpoint === AGENTS_ENDPOINT && typeof setup.agent_id === 'string' ? (
                  <Suspense fallback={null}>
                    <AgentStarters agentId={setup.agent_id} onPick={(text) => void send(text)} />
                  </Suspense>
                ) : null}
              </>
            }
          >
            {centerForm ? box : null}
          </Landing>
        ) : (
          <LazyMessageList
            conversationId={conversationId}
            path={path}
            endpoints={endpoints}
            actions={actions}
            sendCount={sendCount}
          />
        )}
        {!(landing && centerForm) && !loading && (
          <div className="mx-auto w-full max-w-3xl shrink-0 px-3 pt-1 pb-3 sm:px-4 sm:pb-4">{box}</div>
        )}
      </div>
      {!landing && !loading && config?.interface.artifacts !== false && (
        <ChatArtifacts conversationId={conversationId} path={path} />
      )}
      <SidePanel sections={sections} />
    </div>
  );
}
