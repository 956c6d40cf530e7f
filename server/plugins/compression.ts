import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_QUALITY, COMPRESS_FROM_BYTES, ENCODINGS } from '../http-encodings.ts';

/**
 * Every answer of 1 kB or more goes compressed to a browser that accepts it: the schedule of 2,000
 * engineers x 26 weeks is 2.4 MB of JSON and the assignments 8.7 MB, mostly repeated keys and ids.
 * Answers are made per request, so the encodings are the fast ones. On the schedule's answer:
 * zstd (level 3) 429 kB in 16 ms, brotli at quality 2 429 kB in 25 ms (quality 4: 380 kB, 71 ms),
 * gzip 435 kB in 49 ms. zstd first (Chrome, Edge, Firefox), brotli for the others, gzip last; a Node
 * without zstd leaves it out by itself. Large answers are compressed as a stream on libuv's threads,
 * not on the event loop. The built client's files come compressed from the build at the strongest
 * settings (client/build/precompress.ts, sent by web-app.ts) and are not compressed again.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ENCODINGS,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
});
