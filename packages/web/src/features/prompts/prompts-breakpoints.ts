/** The group list collapses at max-width 1024 px. */
export const LIST_COLLAPSE_MEDIA = '(max-width: 1024px)';
/** The editor's side panel is a drawer below 1022 px and closes at 1022 px or wider. */
export const DRAWER_MEDIA = '(max-width: 1021px)';
export const DRAWER_WIDTH_PX = 320;
