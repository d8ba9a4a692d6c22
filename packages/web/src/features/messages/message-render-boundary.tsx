import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18next from 'i18next';

interface Props {
  /** The message's text, shown plainly if its rendering throws. */
  text: string;
  /** A new value (an edit, more streamed text) tries the full rendering again. */
  resetKey: string;
  children: ReactNode;
}

/**
 * One message's rendering: if its markdown, a diagram or a content part throws, this message
 * shows its text as plain text with a short note (the spec's simpler render), and the rest of
 * the conversation stays as it is — never a blank or broken page.
 */
export class MessageRenderBoundary extends Component<Props, { failedFor: string | null }> {
  override state = { failedFor: null as string | null };

  static getDerivedStateFromError(): { failedFor: string } {
    return { failedFor: '' };
  }

  static getDerivedStateFromProps(props: Props, state: { failedFor: string | null }) {
    // The failure is recorded against the content that failed; new content renders afresh.
    if (state.failedFor === '') return { failedFor: props.resetKey };
    if (state.failedFor !== null && state.failedFor !== props.resetKey) return { failedFor: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A message could not be rendered', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failedFor === null) return this.props.children;
    return (
      <div data-testid="message-render-fallback">
        <p className="mb-1 text-xs text-fg-muted">{i18next.t('com_ui_message_render_error')}</p>
        <div className="whitespace-pre-wrap">{this.props.text}</div>
      </div>
    );
  }
}
