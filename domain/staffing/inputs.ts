import { z } from 'zod';
import { assignmentFields, endsOnOrAfterStart } from '../inputs.ts';
import { assignmentMessages as A } from '../messages.ts';
import { wellFormedText } from '../text.ts';
import { staffingMessages as M } from './messages.ts';

const ref = (field: string, message: string) => wellFormedText(field, message).min(1, message).max(100);

export const staffingRequestInput = z
  .object({
    projectId: ref('Project', A.projectRequired),
    engineerId: ref('Engineer', A.engineerRequired).optional(),
    placeholderId: ref('Open role', M.placeholderNotFound).optional(),
    ...assignmentFields,
    note: wellFormedText('Note').max(1000, 'Note must be at most 1000 characters').optional(),
  })
  .refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export const staffingProposeInput = z.object({
  engineerId: ref('Engineer', A.engineerRequired),
  note: wellFormedText('Note').max(1000, 'Note must be at most 1000 characters').optional(),
});
export const staffingDeclineInput = z.object({
  reason: wellFormedText('Reason', M.reasonRequired).trim().min(1, M.reasonRequired).max(1000, 'Reason must be at most 1000 characters'),
});
export const staffingListQuery = z.object({
  state: z.enum(['open', 'proposed', 'approved', 'declined', 'withdrawn', 'pending']).optional(),
  for: z.literal('me').optional(),
});
export type StaffingRequestInput = z.output<typeof staffingRequestInput>;
