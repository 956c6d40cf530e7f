/** The embedded server listens on 127.0.0.1 only; its superuser is the app's own. */
export const USER = 'postgres';
export const PASSWORD = 'postgres';
