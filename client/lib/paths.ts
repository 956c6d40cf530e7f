/** A project's own page (/projects/:id): every screen that names a project links there. */
export const projectPagePath = (id: string) => `/projects/${encodeURIComponent(id)}`;
