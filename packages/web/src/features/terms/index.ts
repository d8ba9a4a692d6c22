/** The terms feature as other folders see it: import from here, never from its other files. */
export { TermsGate } from './terms-gate';
