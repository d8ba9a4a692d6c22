/** The scroll feature as other folders see it: import from here, never from its other files. */
export { ScrollToBottomButton } from './scroll-to-bottom';
export { useFollowScroll, usePageEndFollow } from './use-follow-scroll';
