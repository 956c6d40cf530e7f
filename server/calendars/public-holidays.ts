import Holidays from 'date-holidays';
import { calendarMessages as C, DomainError } from '../../domain/index.ts';

/**
 * A country's or region's public holidays from the `date-holidays` package, for filling a new holiday
 * calendar. Only days off by law (type 'public'): bank holidays, observances and the like are not days
 * off for everyone. Names are the country's own (date-holidays' default language for it).
 */

export type PublicHoliday = { date: string; name: string };
export type Country = { code: string; name: string; regions: { code: string; name: string }[] };

let countries: Country[] | undefined;

/** Every country date-holidays knows, by name, with its regions; read once (the package's data is large). */
export function publicHolidayCountries(): Country[] {
  if (!countries) {
    const all = new Holidays();
    countries = Object.entries(all.getCountries('en') ?? {})
      .map(([code, name]) => ({
        code,
        name,
        regions: Object.entries(all.getStates(code, 'en') ?? {}).map(([regionCode, regionName]) => ({ code: regionCode, name: regionName })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countries;
}

/**
 * The public holidays of `year`, one per date (two on one date, as happens where a feast falls on
 * another, become one holiday named after both: a calendar keeps one holiday per date). An unknown
 * country or region is the caller's mistake (400), told with the codes to use.
 */
export function publicHolidays(country: string, region: string | undefined, year: number): PublicHoliday[] {
  const known = publicHolidayCountries().find((c) => c.code === country);
  if (!known) throw new DomainError('invalid', C.unknownCountry(country), 'country');
  if (region && !known.regions.some((r) => r.code === region)) throw new DomainError('invalid', C.unknownRegion(country, region), 'region');
  const source = region ? new Holidays(country, region) : new Holidays(country);
  const byDate = new Map<string, string[]>();
  for (const holiday of source.getHolidays(year) || []) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    // A holiday spilling into the next year (its eve, say) is not this year's.
    if (!date.startsWith(`${year}-`)) continue;
    const names = byDate.get(date) ?? [];
    if (!names.includes(holiday.name)) names.push(holiday.name);
    byDate.set(date, names);
  }
  return [...byDate]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, names]) => ({ date, name: names.join(' / ').slice(0, 100).trim() }));
}
