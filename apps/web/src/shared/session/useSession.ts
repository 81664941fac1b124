import { useSyncExternalStore } from 'react';
import { session } from './instance';
import { ADMIN_ROLE, type SessionState } from './session';

export function useSession(): SessionState & { isAdmin: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { ...state, isAdmin: state.isAuthenticated && state.role === ADMIN_ROLE };
}
