/** A project's own page (/projects/:id): every screen that names a project links there. */
export const projectPagePath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** Where single sign-on starts: the whole page goes there (the login and sign-on screens link it), and comes back to /sign-on. */
export const SIGN_ON_START = '/api/auth/oidc/start';
