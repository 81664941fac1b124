import { guestPage, type AppRoute } from '../../shared/app-route';

/** Guest pages: sign-in, registration and password recovery (blank layout). Each page is loaded on its first visit. */
export const authRoutes: AppRoute[] = [
  guestPage('/login', 'Login', () => import('./LoginPage').then(({ LoginPage }) => <LoginPage />)),
  guestPage('/register', 'Register', () => import('./RegisterPage').then(({ RegisterPage }) => <RegisterPage />)),
  guestPage('/forgot-password', 'Forgot Password', () =>
    import('./ForgotPasswordPage').then(({ ForgotPasswordPage }) => <ForgotPasswordPage />),
  ),
  guestPage('/password-reset', 'Reset Password', () =>
    import('./PasswordResetPage').then(({ PasswordResetPage }) => <PasswordResetPage />),
  ),
];
