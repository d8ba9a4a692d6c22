/** The settings feature as other folders see it: import from here, never from its other files. */
export { emailConfirmed } from './delete-account';
export { useThemeSync } from './theme';
export { useLinkLanding } from './use-link-landing';
export { useAccountLanguage } from './use-account-language';
