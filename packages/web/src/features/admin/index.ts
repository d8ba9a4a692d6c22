/** The admin feature as other folders see it: import from here, never from its other files. */
export { RolePermissionsDialog } from './role-permissions-dialog';
