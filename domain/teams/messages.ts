export const teamMessages = {
  nameRequired: 'Team name is required',
  nameTaken: 'A team with this name already exists',
  notFound: 'Team not found',
  parentNotFound: 'Parent team not found',
  cycle: 'A team cannot sit inside itself or one of its own teams',
  hasMembers: (n: number) => `The team still has ${n === 1 ? '1 member' : `${n} members`}: move them to another team first`,
  hasTeams: 'The team still has teams inside it: move or remove them first',
  nothingToChange: 'Give a new name or a new parent team',
  sameTeam: 'The engineer is already in this team from that date',
  notAManager: 'Only managers have a scope',
} as const;
