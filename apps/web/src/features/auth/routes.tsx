import { GUEST, type AppRoute } from '../../shared/app-route';

/** Guest pages: sign-in, registration and password recovery (blank layout). Each page is loaded on its first visit. */
export const authRoutes: AppRoute[] = [
  {
    path: '/login',
    title: 'Login',
    ...GUEST,
    page: () => import('./LoginPage').then(({ LoginPage }) => <LoginPage />),
  },
  {
    path: '/register',
    title: 'Register',
    ...GUEST,
    page: () => import('./RegisterPage').then(({ RegisterPage }) => <RegisterPage />),
  },
  {
    path: '/forgot-password',
    title: 'Forgot Password',
    ...GUEST,
    page: () => import('./ForgotPasswordPage').then(({ ForgotPasswordPage }) => <ForgotPasswordPage />),
  },
  {
    path: '/password-reset',
    title: 'Reset Password',
    ...GUEST,
    page: () => import('./PasswordResetPage').then(({ PasswordResetPage }) => <PasswordResetPage />),
  },
];
