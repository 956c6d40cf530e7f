import { z } from 'zod';
import { projectStatuses, seniorities } from './entities.ts';
import { assignmentMessages as A, engineerMessages as E, projectMessages as P } from './messages.ts';

/** The version an edit was made against (design.md §5 rule 3); also accepted as an If-Match header. */
const expectedVersion = z.number({ error: 'version must be a whole number' }).int('version must be a whole number').min(0).optional();

/** A date the user picked, as an ISO string; anything Date can read is accepted and normalised to ISO. */
const isoDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((value) => !Number.isNaN(Date.parse(value)), { message: requiredMessage })
    .transform((value) => new Date(value).toISOString());

/**
 * The end-after-start rule of projects and assignments, for the server's schemas and the client's forms.
 * Only judged when both dates are readable: a missing or unreadable date already has its own message.
 */
export const endsAfterStart = (value: { startDate?: string; endDate?: string }) => {
  const start = Date.parse(value.startDate ?? '');
  const end = Date.parse(value.endDate ?? '');
  return Number.isNaN(start) || Number.isNaN(end) || end > start;
};

const projectFields = {
  name: z.string({ error: P.nameRequired }).trim().min(1, P.nameRequired).max(100, P.nameTooLong),
  description: z.string({ error: P.descriptionTooShort }).trim().min(10, P.descriptionTooShort).max(500, P.descriptionTooLong),
  startDate: isoDate(P.startDateRequired),
  endDate: isoDate(P.endDateRequired),
  teamSize: z
    .number({ error: P.teamSizeTooSmall })
    .int(P.teamSizeTooSmall)
    .min(1, P.teamSizeTooSmall)
    .max(20, P.teamSizeTooLarge),
  requiredSkills: z
    .array(z.string().trim().min(1, P.skillsRequired), { error: P.skillsRequired })
    .min(1, P.skillsRequired)
    .transform((skills) => [...new Set(skills)]),
};

/** The create-project payload of spec section 7, with the rules and messages of spec section 5. */
export const createProjectInput = z
  .object({
    ...projectFields,
    status: z.enum(projectStatuses, { error: P.statusRequired }),
    managerId: z.string().optional(),
  })
  .refine(endsAfterStart, { path: ['endDate'], message: P.endBeforeStart });
export type CreateProjectInput = z.output<typeof createProjectInput>;

export const updateProjectInput = z
  .object({
    ...projectFields,
    status: z.enum(projectStatuses, { error: P.statusRequired }),
    version: expectedVersion,
  })
  .partial()
  .refine(endsAfterStart, { path: ['endDate'], message: P.endBeforeStart });
export type UpdateProjectInput = z.output<typeof updateProjectInput>;

const assignmentFields = {
  role: z.string({ error: A.roleRequired }).trim().min(1, A.roleRequired).max(100),
  allocationPercentage: z
    .number({ error: A.allocationRange })
    .min(1, A.allocationRange)
    .max(100, A.allocationRange),
  startDate: isoDate(A.startDateRequired),
  endDate: isoDate(A.endDateRequired),
};

export const createAssignmentInput = z
  .object({
    engineerId: z.string({ error: A.engineerRequired }).min(1, A.engineerRequired),
    projectId: z.string({ error: A.projectRequired }).min(1, A.projectRequired),
    ...assignmentFields,
  })
  .refine(endsAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export type CreateAssignmentInput = z.output<typeof createAssignmentInput>;

export const updateAssignmentInput = z
  .object({ ...assignmentFields, version: expectedVersion })
  .partial()
  .refine(endsAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export type UpdateAssignmentInput = z.output<typeof updateAssignmentInput>;

/** PUT: every editable field at once. The engineer and project of an assignment never change. */
export const replaceAssignmentInput = z
  .object({ ...assignmentFields, version: expectedVersion })
  .refine(endsAfterStart, { path: ['endDate'], message: A.endBeforeStart });

const skillList = z.array(z.string().trim().min(1)).transform((skills) => [...new Set(skills)]);

const engineerFields = {
  name: z.string({ error: E.nameRequired }).trim().min(1, E.nameRequired).max(100),
  email: z.email({ error: E.emailInvalid }).transform((email) => email.toLowerCase()),
  department: z.string().trim().max(100).default('Engineering'),
  avatar: z.url().optional(),
  skills: skillList.default([]),
  seniority: z.enum(seniorities, { error: E.seniorityRequired }),
  maxCapacity: z.number({ error: E.capacityRange }).int(E.capacityRange).min(1, E.capacityRange).max(100, E.capacityRange),
};

export const registerEngineerInput = z.object({
  ...engineerFields,
  password: z.string({ error: E.passwordTooShort }).min(8, E.passwordTooShort),
});
export type RegisterEngineerInput = z.output<typeof registerEngineerInput>;

// No defaults on update: zod 4 still applies `.default()` inside `.partial()`, which would turn
// a skills-only edit into one that also resets the department (and is then refused for engineers).
export const updateEngineerInput = z
  .object({ ...engineerFields, department: z.string().trim().max(100), skills: skillList, version: expectedVersion })
  .omit({ email: true })
  .partial();
export type UpdateEngineerInput = z.output<typeof updateEngineerInput>;

export const versionOnlyInput = z.object({ version: expectedVersion });

export const loginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
