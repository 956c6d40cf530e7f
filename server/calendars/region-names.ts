/**
 * English names of regions that date-holidays names only in their own language, so that a search in
 * English finds them ("Bav" finds Bayern). Where the package has English names itself (Austria, Spain,
 * Switzerland, ...) they are used instead and nothing is needed here.
 */
export const englishRegionNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DE: {
    BB: 'Brandenburg',
    BE: 'Berlin',
    BW: 'Baden-Württemberg',
    BY: 'Bavaria',
    HB: 'Bremen',
    HE: 'Hesse',
    HH: 'Hamburg',
    MV: 'Mecklenburg-Western Pomerania',
    NI: 'Lower Saxony',
    NW: 'North Rhine-Westphalia',
    RP: 'Rhineland-Palatinate',
    SH: 'Schleswig-Holstein',
    SL: 'Saarland',
    SN: 'Saxony',
    ST: 'Saxony-Anhalt',
    TH: 'Thuringia',
  },
};
