/** The artifacts feature as other folders see it: import from here, never from its other files. */
export { ArtifactsHost } from './artifacts-host';
export { ArtifactCard } from './artifact-card';
export { ArtifactScope, useArtifactScope } from './artifact-scope';
export { artifactOffsets, messageTexts, type ArtifactEntry } from './collect-artifacts';
export { ArtifactsModeMenu } from './artifacts-mode-menu';
export { useArtifacts } from './artifacts-store';
