import { fmt, latencies, percentile, type Row } from './support.ts';

const SAMPLES = 50;

/**
 * A searched, paged GET /api/assignments (the Assignments screen's request when someone types a
 * person's name), beside the whole list measured in the same run. Each request searches another
 * engineer's full name, as typed.
 */
export async function benchListSearch(base: string, token: string, whole: { p50: number; rows: number }): Promise<Row> {
  const headers = { authorization: token };
  const engineers = (await (await fetch(`${base}/api/engineers`, { headers })).json()) as { name: string }[];
  const step = Math.max(1, Math.floor(engineers.length / SAMPLES));
  const names = Array.from({ length: SAMPLES }, (_, i) => engineers[(i * step) % engineers.length]!.name);
  let calls = 0;
  let found = 0;
  const times = await latencies(SAMPLES, async () => {
    const response = await fetch(`${base}/api/assignments?q=${encodeURIComponent(names[calls++ % names.length]!)}&limit=50`, { headers });
    if (response.status !== 200 || !response.headers.get('x-total-count')) throw new Error(`searched list answered ${response.status}`);
    found += ((await response.json()) as unknown[]).length;
  });
  const p50 = percentile(times, 50);
  return {
    section: 'backend',
    measure: `GET /api/assignments?q=<a name>&limit=50 at ${whole.rows.toLocaleString('en-US')} (${fmt(found / calls, 1)} rows a page)`,
    figure: `p50 ${fmt(p50)} ms, p99 ${fmt(percentile(times, 99))} ms (goal <= 20 ms)`,
    anchor: `the whole list: p50 ${fmt(whole.p50)} ms`,
    ratio: `${fmt(p50 / whole.p50, 3)}x p50`,
  };
}
