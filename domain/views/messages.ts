export const viewMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is at most 80 characters',
  pathInvalid: "Path must be one of the app's own addresses, starting with a single '/' (at most 2,000 characters)",
  sharedInvalid: 'shared must be true or false',
  notFound: 'Saved view not found',
  ownerOnly: 'Only the person who saved a view can remove it',
} as const;
