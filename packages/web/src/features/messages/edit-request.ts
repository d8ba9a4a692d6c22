import { create } from 'zustand';

/**
 * A request from outside the list to open one message's editor (↑ in the empty message box opens
 * the last message the user sent): the list brings that message into view, and its row opens the
 * editor when editing is allowed there, then clears the request.
 */
export const useEditRequest = create<{ messageId: string | null }>(() => ({ messageId: null }));

export function requestEdit(messageId: string): void {
  useEditRequest.setState({ messageId });
}

export function clearEditRequest(): void {
  useEditRequest.setState({ messageId: null });
}
