export { api } from './instance';
export { createApiClient, API_BASE_URL, REQUEST_TIMEOUT_MS, type ApiClient, type RequestOptions } from './client';
export {
  ApiError,
  isApiError,
  isSessionEnded,
  errorMessage,
  REFRESH_EXPIRED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  CREDENTIALS_REQUIRED_MESSAGE,
} from './errors';
export { createQueryClient, shouldRetry } from './queryClient';
