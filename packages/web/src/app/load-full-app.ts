/** The signed-in app's code: one dynamic import shared by the switch, the start and the prefetch after a first keystroke. */
export const loadFullApp = () => import('./full-app');
