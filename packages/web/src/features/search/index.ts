/** The search feature as other folders see it: import from here, never from its other files. */
export { SearchBox } from './search-box';
export { useSearchEnabled } from './search-api';
