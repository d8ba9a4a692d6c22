export { CodeRunScope } from './code-run-scope';
export { CodeRunOutput } from './code-run-output';
export { FileDownloadChip } from './file-download-chip';
export { useCodeBlockRun } from './use-code-block-run';
