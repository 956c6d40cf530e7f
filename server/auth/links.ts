/**
 * The address a one-time link opens. The secret rides in the fragment, which browsers never send to a
 * server, so it stays out of access logs and proxies; the page hands it to the API in a body.
 */
export const linkUrl = (publicUrl: string, page: 'setup' | 'invite' | 'reset', token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/${page}#token=${token}`;
