/**
 * What publishing does, said before it happens, in the number of changes there are: "The drafted
 * change … become live" read wrong for one change, and "all in one go, or none of them" means nothing
 * for one.
 */
export function publishSentence(changeCount: number, name: string): string {
  if (changeCount === 1) return `The drafted change of “${name}” becomes live for everyone, unless the live plan has moved under it.`;
  return `The ${changeCount} drafted changes of “${name}” become live for everyone, all in one go, or none of them if the live plan moved under one.`;
}
