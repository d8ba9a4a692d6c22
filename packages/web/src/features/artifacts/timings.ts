/**
 * The artifacts panel's timings, as the product specifies them.
 *
 * - The Refresh button spins for 750 ms; copy and download show a check for 3 s.
 * - A new artifact in the conversation opens the panel once no further artifact has appeared for
 *   750 ms (the visibility debounce: a reply that writes several artifacts opens the panel once).
 * - Changes to the artifacts already listed (a streaming block growing, an edit saved) reach the
 *   panel 25 ms after the last one, so a fast stream redraws the panel in batches.
 * - A card in a message opens its artifact 15 ms after the click.
 * - The panel fades in when it opens and out over 300 ms when it closes.
 */
export const REFRESH_SPIN_MS = 750;
export const CONFIRM_MS = 3000;
export const ARTIFACT_VISIBILITY_DEBOUNCE_MS = 750;
export const ARTIFACT_UPDATE_DEBOUNCE_MS = 25;
export const ARTIFACT_OPEN_DELAY_MS = 15;
export const PANEL_FADE_MS = 300;
