import { z } from 'zod';
import { text } from './text';
import { roleSchema, sideSchema } from './common';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const usernameSchema = text({ error: 'Username is required' }, { label: 'Username' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, dot, dash and underscore');

export const emailSchema = text({ error: 'Email is required' }, { label: 'Email' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .meta({ format: 'email' });

/** An email address the API answers with (checked when it was stored). */
export const emailAddressSchema = z.string().meta({ format: 'email' });

export const passwordSchema = text({ error: 'Password is required' }, { label: 'Password' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const fullNameSchema = text({ error: 'Full name is required' }, { label: 'Full name' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  fullName: fullNameSchema,
  password: passwordSchema,
  sponsor: text({ error: 'Sponsor is required' }, { label: 'Sponsor' })
    .trim()
    .min(1, 'Sponsor is required')
    .max(32, 'Sponsor must be at most 32 characters'),
  side: sideSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const refreshBodySchema = z.object({
  refreshToken: text({ error: 'refreshToken is required' }, { label: 'refreshToken' })
    .min(1, 'refreshToken is required')
    .max(200),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: text({ error: 'token is required' }, { label: 'token' }).min(1, 'token is required').max(200),
  password: passwordSchema,
});

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: emailAddressSchema,
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
    phone: text(undefined, { label: 'Phone' })
      .trim()
      .max(32, 'Phone must be at most 32 characters')
      .regex(/^[0-9+()\-. ]*$/, 'Phone may only contain digits, spaces and + ( ) - .')
      .nullable(),
    country: text(undefined, { label: 'Country' }).trim().max(64, 'Country must be at most 64 characters').nullable(),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: text({ error: 'Current password is required' }, { label: 'Current password' })
    .min(1, 'Current password is required')
    .max(128),
  newPassword: passwordSchema,
});
