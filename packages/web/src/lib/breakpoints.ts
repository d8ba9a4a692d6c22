/** Phones: a viewport at most 768 px wide gets the mobile layout; the header turns mobile from 767 px down. */
export const MOBILE_MEDIA = '(max-width: 768px)';
export const MOBILE_HEADER_MEDIA = '(max-width: 767px)';
export const SIDEBAR_WIDTH = { desktop: 260, mobile: 320, collapsed: 96 } as const;
/**
 * Below this width an opening artifacts panel collapses the sidebar: beside 260 px of sidebar the
 * panel (half of what is left) would squeeze the chat to a narrow column.
 */
export const ARTIFACTS_WITH_SIDEBAR_MIN_WIDTH = 1600;
