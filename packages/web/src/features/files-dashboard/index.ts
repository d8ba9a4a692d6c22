/** The files dashboard as other folders see it. */
export { downloadFile, useMyFiles } from './my-files-api';
