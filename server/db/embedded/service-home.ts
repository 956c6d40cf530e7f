/**
 * Where the app keeps what the `postgres` user must reach when the app's own folder is closed to it:
 * a clone under /root, started by root. /var/lib is where a service keeps its state, and it survives
 * reboots (a temporary folder might not).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { canReach, firstLine, makeReachable, serviceUser, type ServiceUser } from './service-user.ts';

export const SERVICE_HOME = '/var/lib/capacity-planner';

/**
 * `dir` itself when `user` can reach it, else a folder of its own under SERVICE_HOME, named after
 * `dir` (readable, and unique per checkout) and stable from one start to the next.
 */
export async function reachablePlaceFor(dir: string): Promise<string> {
  const wanted = path.resolve(dir);
  const user = await serviceUser();
  if (await canReach(wanted, user)) return wanted;
  const readable = wanted.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(-60);
  const place = path.join(SERVICE_HOME, `${readable}-${createHash('sha256').update(wanted).digest('hex').slice(0, 8)}`);
  await makeReachableHome(place, user, wanted);
  return place;
}

/** Creates `place` under SERVICE_HOME; says what to do when that is impossible (read-only /var). */
export async function makeReachableHome(place: string, user: ServiceUser, forWhat: string): Promise<void> {
  try {
    await makeReachable(place, user);
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL runs as the "postgres" user, which cannot enter ${forWhat}, and ${place} could not be created instead ` +
        `(${firstLine(error)}). Move the app (or DATA_DIR) to a folder that user can reach, start it as a regular user, or set DATABASE_URL.`,
    );
  }
}
