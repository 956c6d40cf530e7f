/** Every user-facing validation message, word for word as the product spec (section 5) gives it. */
export const projectMessages = {
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
} as const;

export const assignmentMessages = {
  engineerRequired: 'Engineer is required',
  projectRequired: 'Project is required',
  roleRequired: 'Role is required',
  roleTooLong: 'Role must be at most 100 characters',
  allocationRange: 'Allocation must be between 1 and 100',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  /** A span may last one day (its last day its first), so only an end before the start is refused. */
  endBeforeStart: 'End date cannot be before start date',
  engineerNotFound: 'Engineer not found',
  projectNotFound: 'Project not found',
  projectCompleted: 'Cannot assign engineers to a completed project',
} as const;

export const engineerMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  departmentTooLong: 'Department must be at most 100 characters',
  emailInvalid: 'A valid email is required',
  emailTaken: 'An account with this email already exists',
  seniorityRequired: 'Seniority must be junior, mid or senior',
  capacityRange: 'Max capacity must be between 1 and 100',
  passwordTooShort: 'Password must be at least 8 characters',
  ownSkillsOnly: 'Engineers may change only their own skills',
  avatarInvalid: 'Avatar must be a web address starting with http:// or https://',
} as const;

/** A skill as typed: on an engineer, a project or a placeholder. */
export const skillMessages = {
  tooLong: 'A skill must be at most 50 characters',
} as const;

/** Work weeks, calendars followed, start and leave dates. */
export const engineerDaysMessages = {
  fromRequired: 'From must be a date such as 2026-12-07',
  daysShape: 'Days must list 7 percentages, Monday to Sunday',
  dayRange: 'Each day must be between 0 and 100',
  noWorkingDay: 'A work week needs at least one working day',
  calendarRequired: 'Calendar is required',
  engineersRequired: 'Choose at least one engineer',
  tooManyEngineers: 'At most 5000 engineers at once',
  calendarNotFound: 'Holiday calendar not found',
  startDateInvalid: 'Start date must be a date such as 2026-12-07',
  leaveDateInvalid: 'Leave date must be a date such as 2026-12-07',
  leaveBeforeStart: 'Leave date must be after the start date',
  nothingToChange: 'Give a start date or a leave date (null clears it)',
} as const;

/** Text the server cannot keep as it was typed (a lone UTF-16 surrogate), named by its field. */
export const invalidTextMessage = (field: string) => `${field} contains an invalid character`;

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have permission to do this',
} as const;

/**
 * The 409 wording names the thing that changed (the calendar: the holidays), and who changed it where
 * that is known (the API's message keeps "someone else"; its answer names them beside it).
 */
export const conflictMessage = (thing: 'project' | 'assignment' | 'engineer' | 'calendar' | 'scenario' | 'account', by = 'someone else') =>
  `This ${thing} was changed by ${by}. Reload to see the latest version.`;

export const timeOffMessages = {
  fromRequired: 'From must be a date such as 2026-12-24',
  toRequired: 'To must be a date such as 2026-12-24',
  toBeforeFrom: 'To must be on or after from',
  /** What a form's date range picker says while a day is not picked yet; the API's wording above names its fields. */
  firstDayMissing: 'Choose the first day',
  lastDayMissing: 'Choose the last day',
  kindRequired: 'Kind must be vacation, sick or other',
  noteTooLong: 'Note must be at most 500 characters',
  engineerNotFound: 'Engineer not found',
  notFound: 'Time off not found',
  ownOnly: 'Engineers may book and cancel only their own time off',
  overlaps: (from: string, to: string) => `This engineer already has time off from ${from} to ${to}`,
} as const;

export const holidayMessages = {
  dateRequired: 'Date must be a date such as 2026-12-24',
  /** What the form's date picker says while no day is picked; the API's wording above names its field. */
  dayMissing: 'Choose the day',
  nameRequired: 'Holiday name is required',
  nameTooLong: 'Holiday name must be at most 100 characters',
  notFound: 'Holiday not found',
  duplicate: (date: string, name: string) => `There is already a holiday on ${date}: ${name}`,
} as const;

export const calendarMessages = {
  nameRequired: 'Calendar name is required',
  nameTooLong: 'Calendar name must be at most 100 characters',
  notFound: 'Holiday calendar not found',
  nameTaken: (name: string) => `There is already a holiday calendar named ${name}`,
  defaultNotRemovable: 'The default holiday calendar cannot be removed',
  /** Who follows it, so the manager knows whom to move to another calendar first. */
  followed: (names: readonly string[]) =>
    `This calendar is followed by ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}: move them to another calendar before removing it`,
  countryInvalid: 'Country must be a country code such as DE or US',
  regionInvalid: 'Region must be a region code such as BY',
  regionWithoutCountry: 'A region needs its country',
  unknownCountry: (country: string) => `Unknown country '${country}': use a code such as DE, FR or US`,
  unknownRegion: (country: string, region: string) => `Unknown region '${region}' of ${country}`,
  yearOutOfRange: 'Year must be a whole number from 1970 to 2200',
} as const;

export const placeholderMessages = {
  notFound: 'Placeholder not found',
  filled: 'This placeholder was already filled',
  removed: 'This placeholder was removed',
  projectCompleted: 'A completed project takes no placeholders',
  completedNotTentative: 'A completed project cannot be tentative',
} as const;
