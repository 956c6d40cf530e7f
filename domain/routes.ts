/**
 * An address as the app's router reads it, in any case and with trailing slashes or without: the
 * path the guard, the booting app and the server's page all match ('/Capacity/' is '/capacity').
 */
export const routePath = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, '') || '/';
