export { ApiKeysTab } from './api-keys-tab';
