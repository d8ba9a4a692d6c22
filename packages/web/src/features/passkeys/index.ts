export { PasskeyRows } from './passkey-rows';
export { PasskeySignInButton } from './passkey-sign-in-button';
