import { forwardRef } from 'react';
import { useIsSending } from '../chat-run';
import { ChatInput, type ChatInputHandle, type ChatInputProps } from '../input';

/**
 * The message box of a chat, told when a send is under way. A send starts its generation in the
 * task after the key press (so the press itself stays cheap); this wrapper alone listens for that
 * start, so the box shows its stop button at once while the chat view does not re-render for it.
 */
export const Composer = forwardRef<ChatInputHandle, Omit<ChatInputProps, 'sending'>>(
  function Composer(props, ref) {
    const sending = useIsSending(props.conversationId);
    return <ChatInput ref={ref} {...props} sending={sending} />;
  },
);
