import { ensureLargePlan, listen, login } from './bench-app.ts';
import { fmt, latencies, percentile, type Row } from './support.ts';

const DAY = 86_400_000;

/**
 * GET /api/reports/utilisation at 2,000 engineers over a year by week (the past half and the next),
 * beside GET /api/capacity over the same weeks in the same run: the same view asked again (kept between
 * writes, as the schedule's grid is), and each ask another view (another search, so it is worked out:
 * the facts are kept, the model and the folding into groups are not).
 */
export async function benchReports(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = await ensureLargePlan(databaseUrl, progress);
  const { app, base } = await listen(databaseUrl);
  try {
    const token = await login(base, 'manager@demo.test');
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const range = `from=${day(-182)}&to=${day(182)}&step=week`;
    const get = (path: () => string) => async () => {
      const response = await fetch(`${base}${path()}`, { headers: { authorization: token, 'accept-encoding': 'identity' } });
      if (!response.ok) throw new Error(`${path()}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const reportUrl = `/api/reports/utilisation?${range}&groupBy=team`;
    const capacityUrl = `/api/capacity?${range}`;
    progress('GET /api/reports/utilisation over a year by week');
    const f0 = performance.now();
    await get(() => reportUrl)();
    const firstAsk = performance.now() - f0;
    const keptReport = await latencies(15, get(() => reportUrl), 2);
    const keptCapacity = await latencies(15, get(() => capacityUrl), 2);
    // Each ask a search no other ask made: worked out from the kept facts every time.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    let r = 0;
    let c = 0;
    const workedReport = await latencies(15, get(() => `${reportUrl}&q=${letters[r++ % 26]}`), 2);
    const workedCapacity = await latencies(15, get(() => `${capacityUrl}&q=${letters[c++ % 26]}`), 2);
    const people = `${plan.engineers.toLocaleString('en-US')} engineers, ${plan.assignments.toLocaleString('en-US')} assignments`;
    const row = (measure: string, times: number[], anchorTimes: number[], anchor: string): Row => ({
      section: 'reports',
      measure,
      figure: `${fmt(percentile(times, 50), 0)} ms`,
      anchor: `${anchor}, p50: ${fmt(percentile(anchorTimes, 50), 0)} ms`,
      ratio: `${fmt(percentile(times, 50) / percentile(anchorTimes, 50), 2)}x`,
    });
    return [
      row(`GET /api/reports/utilisation by team, a year by week (${people}), the same view again, p50 (first ask ${fmt(firstAsk, 0)} ms), goal <= 300 ms`, keptReport, keptCapacity, 'GET /api/capacity over the same weeks'),
      row('GET /api/reports/utilisation by team, a year by week, each ask another search (worked out), p50, goal <= 300 ms', workedReport, workedCapacity, 'GET /api/capacity, the same searches'),
    ];
  } finally {
    await app.close();
  }
}
