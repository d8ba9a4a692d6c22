/** The top-bar feature as other folders see it: import from here, never from its other files. */
export { ChatTopBar } from './chat-top-bar';
export { LogoutButton } from './logout-button';
