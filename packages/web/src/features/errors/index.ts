/** The errors feature as other folders see it: import from here, never from its other files. */
export { ErrorPage } from './error-page';
