/** The shell feature as other folders see it: import from here, never from its other files. */
export { ChatTopBar } from './chat-top-bar';
export { fillWelcome, greetingKey } from './greeting';
