import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PlanFold, type PlanFoldSnapshot } from '../../domain/index.ts';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/**
 * A fold as stored: JSON, gzipped (a large plan is megabytes of repetitive text; the compression runs
 * on libuv's thread pool, off the event loop).
 */
export async function encodePlanSnapshot(fold: PlanFold): Promise<Buffer> {
  return zip(JSON.stringify(fold.toSnapshot()), { level: 1 });
}

export async function decodePlanSnapshot(stored: Buffer): Promise<PlanFold> {
  return PlanFold.fromSnapshot(JSON.parse((await unzip(stored)).toString('utf8')) as PlanFoldSnapshot);
}
