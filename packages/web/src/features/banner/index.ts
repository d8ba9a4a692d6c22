/** The banner feature as other folders see it: import from here, never from its other files. */
export { BannerSlot } from './banner-slot';
