/** The shell feature as other folders see it: import from here, never from its other files. */
export { MobileHeader } from './mobile-header';
