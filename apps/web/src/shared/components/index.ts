export { Logo } from './Logo';
export { SubmitButton } from './SubmitButton';
export { PasswordField } from './PasswordField';
export { StatusChip, statusColor } from './StatusChip';
export { TonalAvatar } from './TonalAvatar';
