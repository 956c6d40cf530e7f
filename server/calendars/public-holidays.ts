import Holidays from 'date-holidays';
import { calendarMessages as C, DomainError, type RuleDays } from '../../domain/index.ts';
import { englishRegionNames } from './region-names.ts';

/**
 * A country's or region's public holidays from the `date-holidays` package, for filling a new holiday
 * calendar. Only days off by law (type 'public'): bank holidays, observances and the like are not days
 * off for everyone. Names are English where the package has them, else the country's own.
 */

export type PublicHoliday = { date: string; name: string };
/** A region's `name` is English where one is known; `localName` is its own language's, when it differs. */
export type Region = { code: string; name: string; localName?: string };
export type Country = { code: string; name: string; regions: Region[] };

let countries: Country[] | undefined;

/**
 * Every country date-holidays knows, by name, with its regions named in English and in their own
 * language (a search finds either); read once (the package's data is large: some 0.5 s).
 */
export function publicHolidayCountries(): Country[] {
  if (!countries) {
    const all = new Holidays();
    countries = Object.entries(all.getCountries('en') ?? {})
      .map(([code, name]) => ({ code, name, regions: regionsOf(all, code) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countries;
}

function regionsOf(all: Holidays, country: string): Region[] {
  const english = all.getStates(country, 'en') ?? {};
  if (Object.keys(english).length === 0) return [];
  const [language] = new Holidays(country).getLanguages();
  const local = (language && all.getStates(country, language)) || {};
  return Object.entries(english).map(([code, packageName]) => {
    const name = englishRegionNames[country]?.[code] ?? packageName;
    const localName = local[code] ?? packageName;
    return localName && localName !== name ? { code, name, localName } : { code, name };
  });
}

const ruleDaysKept = new Map<string, PublicHoliday[]>();

/**
 * A calendar rule's days of one year (domain/holiday-rules.ts asks for each year a read reaches), named in
 * English where date-holidays has English names, else in the country's own. Working a year out costs
 * date-holidays some 20 ms, and the days of a year never change: each is kept once asked.
 */
export const ruleDays: RuleDays = (rule, year) => {
  const key = `${rule.country}/${rule.region ?? ''}/${year}`;
  let days = ruleDaysKept.get(key);
  if (!days) {
    days = publicHolidays(rule.country, rule.region, year);
    ruleDaysKept.set(key, days);
  }
  return days;
};

/**
 * The public holidays of `year`, one per date (two on one date, as happens where a feast falls on
 * another, become one holiday named after both: a calendar keeps one holiday per date). An unknown
 * country or region is the caller's mistake (400), told with the codes to use.
 */
export function publicHolidays(country: string, region: string | undefined, year: number): PublicHoliday[] {
  const known = publicHolidayCountries().find((c) => c.code === country);
  if (!known) throw new DomainError('invalid', C.unknownCountry(country), 'country');
  if (region && !known.regions.some((r) => r.code === region)) throw new DomainError('invalid', C.unknownRegion(country, region), 'region');
  const options = { languages: ['en'] };
  const source = region ? new Holidays(country, region, options) : new Holidays(country, options);
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
