/** The markdown feature as other folders see it: import from here, never from its other files. */
export { ThinkingBlock } from './thinking-block';
export { stripThinkTags } from './thinking-split';
export { useCopy } from './use-copy';
export { citedNumbers, markCitations } from './citations';
export { CitationContext, type CitationRenderer } from './citation-context';
export { RemoteImageShareScope } from './remote-image-scope';
export { ProxiedPicture } from './proxied-picture';
