export const E2E_ADMIN_PASSWORD = 'E2E-Admin-Pass-2026!';
export const ROOT_USERNAME = 'company';
