/** Several models at once (the `+` button, the banner, the second answer's setup) as other folders see it: import from here, never from its other files. */
export { AddModelButton } from './add-model-button';
export { AddedConvoBanner } from './added-convo-banner';
export { moveAddedConvo, useAddedSetup } from './added-convo-store';
export { secondAnswerSetup } from './second-answer-setup';
export { useChooseAddedConvo } from './use-choose-added';
export { useMultiConvoAllowed } from './use-multi-convo';
