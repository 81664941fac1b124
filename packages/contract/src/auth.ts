import { z } from 'zod';
import { roleSchema, sideSchema } from './common';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, dot, dash and underscore');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const fullNameSchema = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  fullName: fullNameSchema,
  password: passwordSchema,
  sponsor: z
    .string({ error: 'Sponsor is required' })
    .trim()
    .min(1, 'Sponsor is required')
    .max(32, 'Sponsor must be at most 32 characters'),
  side: sideSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const refreshBodySchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(200),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
  password: passwordSchema,
});

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  country: z.string().nullable(),
  status: z.enum(['active', 'blocked']),
  isMember: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const updateProfileBodySchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    phone: z.string().trim().max(32, 'Phone must be at most 32 characters').regex(/^[0-9+()\-. ]*$/, 'Phone may only contain digits, spaces and + ( ) - .').nullable(),
    country: z.string().trim().max(64, 'Country must be at most 64 characters').nullable(),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128),
  newPassword: passwordSchema,
});
