export const staffingMessages = {
  notFound: 'Staffing request not found',
  exists: 'This staffing request already exists',
  projectNotFound: 'Project not found',
  engineerNotFound: 'Engineer not found',
  placeholderNotFound: 'Open role not found on this project',
  closed: (state: string) => `This request was already ${state}`,
  noPerson: 'Propose someone for this role before approving it',
  notYours: 'Only a manager of the requested person\'s team, or an org-wide manager, may answer this request',
  proposeOutOfReach: 'You may propose only people of your own teams',
  onlyRequester: 'Only the manager who asked, or an org-wide manager, may withdraw this request',
  reasonRequired: 'Say why the request is declined',
  samePerson: 'This person is already the one asked for',
} as const;
