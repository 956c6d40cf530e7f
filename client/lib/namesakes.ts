/**
 * People who share a name, told apart: at 2,000 engineers hundreds of names belong to more than one
 * person, and a list that prints only the name lets a planner pick or read the wrong one. Wherever a
 * person is named in a list (the schedule's rows, the suitable lists, Engineers, the report), a name
 * another person in the list also has carries the e-mail beside it, which no two people share.
 * Names are compared as people read them: ignoring case and extra spaces.
 */

type Person = { readonly _id: string; readonly name: string; readonly email?: string | undefined };

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Kept per list: screens ask again on every render, and a list changes only when it is loaded anew. */
const kept = new WeakMap<readonly Person[], ReadonlyMap<string, string>>();

/**
 * For each person of `people` whose name someone else of `people` has too, what tells them apart
 * (their e-mail), by id; nobody else is in the map.
 */
export function namesakeHints(people: readonly Person[]): ReadonlyMap<string, string> {
  const known = kept.get(people);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const person of people) {
    const key = nameKey(person.name);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const hints = new Map<string, string>();
  for (const person of people) {
    if ((counts.get(nameKey(person.name)) ?? 0) > 1 && person.email) hints.set(person._id, person.email);
  }
  kept.set(people, hints);
  return hints;
}

/** A person's name as a one-line list says it: 'Alex Kim (alex.kim2@example.com)' when the name is shared, else the name. */
export function distinctName(person: Person, hints: ReadonlyMap<string, string>): string {
  const hint = hints.get(person._id);
  return hint ? `${person.name} (${hint})` : person.name;
}
