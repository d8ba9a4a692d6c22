export { AvatarRow } from './avatar-row';
export { UserAvatar } from './user-avatar';
