export { session } from './instance';
export { SessionStore, DEFAULT_ROLE, ADMIN_ROLE, roleOf, type SessionState } from './session';
export { STORAGE_KEYS } from './storage';
export { useSession } from './useSession';
