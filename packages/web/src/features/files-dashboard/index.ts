/** The files dashboard as other folders see it. */
export { downloadFile, useMyFiles, useOwnFile } from './my-files-api';
