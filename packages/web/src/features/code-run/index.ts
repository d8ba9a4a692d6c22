export { CodeRunScope } from './code-run-scope';
export { CodeRunOutput } from './code-run-output';
export { useCodeBlockRun } from './use-code-block-run';
