/**
 * The selection rule the bulk bars share (Engineers, People & access's accounts and invitations): a
 * selection of any size, kept by id across pages, that follows the list as it reloads.
 */

/** The ids chosen, each once. */
export const chosenOf = (ids: readonly string[]): string[] => [...new Set(ids)];

/**
 * The chosen ids the list still shows; the same array when it still shows them all, so a reload of
 * the same rows is no change.
 */
export function keptOf(selected: readonly string[], shownIds: readonly string[]): readonly string[] {
  const shown = new Set(shownIds);
  const kept = selected.filter((id) => shown.has(id));
  return kept.length === selected.length ? selected : kept;
}
