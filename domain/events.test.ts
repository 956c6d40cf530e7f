import { describe, expect, it } from 'vitest';
import { engineerSchema, projectSchema, projectStatuses, roles, seniorities } from './entities.ts';
import { DomainError } from './errors.ts';
import { planningEventTypes, streamEntity, streamIds } from './events.ts';
import { conflictMessage, projectMessages } from './messages.ts';

describe('events', () => {
  it('names the event types of design sections 5b, 10, 11, 12, 13 and 16', () => {
    expect([...planningEventTypes].sort()).toEqual(
      [
        'ProjectCreated', 'ProjectUpdated', 'ProjectStatusChanged',
        'AssignmentCreated', 'AssignmentUpdated', 'AssignmentRemoved',
        'EngineerRegistered', 'EngineerProfileUpdated',
        'TimeOffBooked', 'TimeOffCancelled', 'HolidayAdded', 'HolidayRemoved',
        'EngineerWorkWeekChanged', 'EngineerCalendarChanged', 'EngineerStartDateSet', 'EngineerLeaving', 'EngineerLeavingCancelled',
        'HolidayCalendarCreated', 'HolidayCalendarRenamed', 'HolidayCalendarRemoved', 'HolidayCalendarRuleSet',
        'ProjectMarkedTentative', 'ProjectConfirmed',
        'PlaceholderAdded', 'PlaceholderUpdated', 'PlaceholderRemoved', 'PlaceholderFilled',
        'AccountInvited', 'AccountActivated', 'AccountRoleChanged', 'AdminGranted', 'AdminRevoked',
        'AccountDeactivated', 'AccountReactivated', 'PasswordChanged', 'PasswordResetIssued', 'InviteWithdrawn',
        'ActualsRecorded', 'ActualsWeekLocked', 'ActualsWeekUnlocked',
        'ViewSaved', 'ViewRemoved',
        'ManagerScopeChanged', 'EngineerTeamChanged', 'EngineerTeamChangeUndone', 'TeamCreated', 'TeamRenamed', 'TeamMoved', 'TeamRemoved',
        'StaffingRequested', 'StaffingProposed', 'StaffingApproved', 'StaffingDeclined', 'StaffingWithdrawn',
      ].sort(),
    );
  });

  it('names streams project-<id>, assignment-<id>, engineer-<id>', () => {
    const id = '0190a000-0000-7000-8000-000000000001';
    expect(streamIds.project(id)).toBe(`project-${id}`);
    expect(streamIds.assignment(id)).toBe(`assignment-${id}`);
    expect(streamIds.engineer(id)).toBe(`engineer-${id}`);
    expect(streamIds.account(id)).toBe(`account-${id}`);
  });

  it('reads the entity back from a stream name, hyphens in the id included', () => {
    const id = '0190a000-0000-7000-8000-000000000001';
    expect(streamEntity(streamIds.project(id))).toEqual({ kind: 'project', id });
    expect(streamEntity(streamIds.assignment(id))).toEqual({ kind: 'assignment', id });
    expect(streamEntity(streamIds.engineer(id))).toEqual({ kind: 'engineer', id });
    expect(streamEntity(streamIds.calendar())).toEqual({ kind: 'calendar', id: 'default' });
    expect(streamIds.calendar('default')).toBe('calendar');
    expect(streamEntity(streamIds.calendar('01-de'))).toEqual({ kind: 'calendar', id: '01-de' });
  });

  it.each(['user-1', 'project-', 'project', 'projects-1', 'calendars-1', 'calendar-', ''])('knows no entity for %j', (streamId) => {
    expect(streamEntity(streamId)).toBeNull();
  });
});

describe('entities', () => {
  it('lists the spec values', () => {
    expect(projectStatuses).toEqual(['planning', 'active', 'completed']);
    expect(seniorities).toEqual(['junior', 'mid', 'senior']);
    expect(roles).toEqual(['engineer', 'manager', 'auditor']);
  });

  it('accepts an engineer without avatar and refuses an unknown seniority', () => {
    const engineer = {
      _id: 'e1', name: 'Ada', email: 'ada@demo.test', department: 'Platform', skills: [], seniority: 'mid',
      maxCapacity: 50, version: 1,
    };
    expect(engineerSchema.safeParse(engineer).success).toBe(true);
    expect(engineerSchema.safeParse({ ...engineer, seniority: 'lead' }).success).toBe(false);
  });

  it('refuses a project with an unknown status', () => {
    const project = {
      _id: 'p1', name: 'P', description: 'd', startDate: 'x', endDate: 'y', teamSize: 1, requiredSkills: [],
      status: 'planning', managerId: 'm', tentative: false, version: 1,
    };
    expect(projectSchema.safeParse(project).success).toBe(true);
    expect(projectSchema.safeParse({ ...project, status: 'archived' }).success).toBe(false);
  });
});

describe('messages and errors', () => {
  it('words the spec messages exactly', () => {
    expect(projectMessages).toEqual({
      nameRequired: 'Project name is required',
      nameTooLong: 'Project name must be less than 100 characters',
      descriptionTooShort: 'Description must be at least 10 characters',
      descriptionTooLong: 'Description must be less than 500 characters',
      startDateRequired: 'Start date is required',
      endDateRequired: 'End date is required',
      teamSizeTooSmall: 'Team size must be at least 1',
      teamSizeTooLarge: 'Team size cannot exceed 20',
      skillsRequired: 'At least one skill is required',
      statusRequired: 'Project status is required',
      endBeforeStart: 'End date must be after start date',
    });
  });

  it('names the changed thing in the conflict message', () => {
    expect(conflictMessage('project')).toBe('This project was changed by someone else. Reload to see the latest version.');
    expect(conflictMessage('engineer')).toContain('This engineer was changed');
  });

  it('makes DomainError a real Error that carries kind and path', () => {
    const error = new DomainError('invalid', 'End date must be after start date', 'endDate');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('End date must be after start date');
    expect(error.path).toBe('endDate');
    expect(new DomainError('not-found', 'x').path).toBeUndefined();
  });
});
