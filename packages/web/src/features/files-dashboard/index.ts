/** The files dashboard as other folders see it. */
export { useMyFiles } from './my-files-api';
