import type { AlteredEvent, StreamGap, Verification } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { readChains, streamVersions } from '../event-store/chains.ts';
import { eventHash, GENESIS } from '../event-store/hash.ts';
import { countEvents } from '../event-store/replay.ts';

/**
 * Recomputes every stream's hash chain and names each event whose stored hash does not match what its
 * content and its predecessor's stored hash give. Each event is checked against the stored chain, so an
 * edited event is named alone (an edited hash also flags the event after it).
 */
export async function verifyHistory(db: DbOrTrx, onProgress?: (checked: number, total: number) => void): Promise<Verification> {
  const total = await countEvents(db);
  const altered: AlteredEvent[] = [];
  const gaps: StreamGap[] = [];
  const versions = await streamVersions(db);
  let positions = 0;
  let holes = false;
  const closeStream = () => {
    if (stream && (holes || positions !== (versions.get(stream) ?? -1))) {
      gaps.push({ streamId: stream, expectedVersion: versions.get(stream) ?? 0, positions });
    }
    versions.delete(stream);
  };
  let checked = 0;
  let streams = 0;
  let stream = '';
  let previous = GENESIS;
  for await (const page of readChains(db)) {
    for (const event of page) {
      if (event.streamId !== stream) {
        closeStream();
        stream = event.streamId;
        positions = 0;
        holes = false;
        previous = GENESIS;
        streams += 1;
      }
      positions += 1;
      if (event.streamPosition !== positions) holes = true;
      if (eventHash(previous, event) !== event.hash) {
        const { eventId, streamId, streamPosition, type, recordedAt } = event;
        altered.push({ eventId, streamId, streamPosition, type, recordedAt });
      }
      previous = event.hash;
      checked += 1;
    }
    onProgress?.(checked, total);
  }
  closeStream();
  // Streams with a version but no events left at all.
  for (const [streamId, version] of versions) gaps.push({ streamId, expectedVersion: version, positions: 0 });
  return { events: checked, streams, altered, gaps, ok: altered.length === 0 && gaps.length === 0 };
}
