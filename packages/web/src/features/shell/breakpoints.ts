/** 000 §9 / 002 §9: mobile is at most 768 px wide; the mobile header switches at 767 px. */
export const MOBILE_MEDIA = '(max-width: 768px)';
export const MOBILE_HEADER_MEDIA = '(max-width: 767px)';
export const SIDEBAR_WIDTH = { desktop: 260, mobile: 320, collapsed: 96 } as const;
