import { z } from 'zod';
import { roles } from '../entities.ts';
import { wellFormedText } from '../text.ts';
import { accountMessages as M } from './messages.ts';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './password-policy.ts';

const email = wellFormedText('Email', M.emailInvalid).trim().max(254, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid })).transform((value) => value.toLowerCase());
const name = wellFormedText('Name', M.nameRequired).trim().min(1, M.nameRequired).max(100, M.nameTooLong);
const role = z.enum(roles, { error: M.roleInvalid });
/** A new password: the length and blocklist rule of password-policy.ts, one message for the first problem. */
export const newPassword = wellFormedText('Password', M.passwordTooShort).superRefine((value, context) => {
  const problem = passwordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
/** A one-time token from a link: opaque text, bounded so a hostile one costs nothing. */
const linkToken = wellFormedText('Token', 'Token is required').min(1, 'Token is required').max(200, 'Token is not valid');

export const setupInput = z.object({ token: linkToken, name, email, password: newPassword });
export const inviteInput = z.object({ email, name, role, admin: z.boolean({ error: 'admin must be true or false' }).default(false) });
export const accountChangeInput = z
  .object({
    role: role.optional(),
    admin: z.boolean({ error: 'admin must be true or false' }).optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
    /** A manager's reach: 'all' (org-wide) or the teams they manage (and the teams inside those). */
    scope: z.union([z.literal('all'), z.array(z.string().min(1).max(100)).max(500)], { error: "scope must be 'all' or a list of team ids" }).optional(),
    version: z.number({ error: 'version must be a whole number' }).int('version must be a whole number').min(0).optional(),
  })
  .refine((value) => value.role !== undefined || value.admin !== undefined || value.active !== undefined || value.scope !== undefined, { message: M.nothingToChange });
export const acceptInviteInput = z.object({ password: newPassword, name: name.optional() });
export const changePasswordInput = z.object({
  currentPassword: wellFormedText('Current password', 'Current password is required').min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH, M.currentPasswordWrong),
  newPassword,
});
export const forgotPasswordInput = z.object({ email: wellFormedText('Email', M.emailInvalid).trim().min(1, M.emailInvalid).max(254, M.emailInvalid) });
export const resetPasswordInput = z.object({ token: linkToken, password: newPassword });
/** A link's token to check before its form is shown (a reset link). */
export const linkCheckInput = z.object({ token: linkToken });
/** The setup screen's check: its token, when the address had one (without, it learns whether setup is done). */
export const setupCheckInput = z.object({ token: linkToken.optional() });
export const signOnExchangeInput = z.object({ code: linkToken });

export type SetupInput = z.output<typeof setupInput>;
export type InviteInput = z.output<typeof inviteInput>;
export type AccountChangeInput = z.output<typeof accountChangeInput>;

export const accountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: role,
  admin: z.boolean(),
  status: z.enum(['invited', 'active', 'deactivated']),
  /** A manager's reach: 'all' or team ids. */
  scope: z.union([z.literal('all'), z.array(z.string())]).optional(),
  lastSignInAt: z.string().nullable(),
  version: z.number(),
});
export type AccountView = z.infer<typeof accountSchema>;
export const invitationSchema = z.object({ email: z.string(), name: z.string(), role });

/** POST /api/accounts/invites/bulk: many invitations in one job; each e-mail once. */
/** POST /api/accounts/bulk: many accounts deactivated (or reactivated) at once, all or none. */
export const bulkAccountsInput = z.object({
  ids: z.array(z.string().min(1).max(100), { error: 'ids must be a list of account ids' }).min(1, 'Choose at least one account').max(5000, 'At most 5000 accounts at once'),
  active: z.boolean({ error: 'active must be true or false' }),
});
export type BulkAccountsInput = z.output<typeof bulkAccountsInput>;

export const bulkInviteInput = z.object({
  invites: z
    .array(z.object({ email, name, role }), { error: 'invites must be a list of {email, name, role}' })
    .min(1, 'Give at least one invitation')
    .max(5000, 'At most 5000 invitations at once')
    .superRefine((invites, context) => {
      const seen = new Set<string>();
      invites.forEach((invite, index) => {
        if (seen.has(invite.email)) context.addIssue({ code: 'custom', path: [index, 'email'], message: `${invite.email} is invited twice` });
        seen.add(invite.email);
      });
    }),
});
export type BulkInviteInput = z.output<typeof bulkInviteInput>;

export const inviteJobSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int().describe('Invitations made so far (each batch is one transaction: what is counted is committed)'),
  total: z.number().int(),
  mailed: z.number().int().optional().describe('Invitation e-mails the mail server took so far (when mail is set up; counted by the instance that runs the job)'),
  message: z.string().optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  invites: z.array(z.object({ email: z.string(), inviteUrl: z.string() })).optional()
    .describe('The links made so far, to pass on by hand: only from the instance that runs the job, and only to the admin who started it'),
});
export type InviteJob = z.infer<typeof inviteJobSchema>;
