/**
 * The flag that turns on Node's permission model for a run's process. Node 20 knows it only as
 * `--experimental-permission`; Node 22.13 added `--permission`, and Node 24 refuses the old name
 * ("bad option"), which stopped every run at start. Asking the running Node which it accepts keeps
 * runs working on every supported version.
 */
export const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';
