import { SessionStore } from './session';

/** The app's one session. */
export const session = new SessionStore();
