import { session } from '../session/instance';
import { createApiClient } from './client';

/** The app's one API client, bound to the app's session. */
export const api = createApiClient({ session, crossTab: true });
