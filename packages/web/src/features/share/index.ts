/** The share feature as other folders see it: import from here, never from its other files. */
export { ShareDialog } from './share-dialog';
export { SharedLinksRow } from './shared-links-manager';
export { ShareFooter } from './share-footer';
