/**
 * Answers written out as JSON text, kept beside the facts they were computed from (by identity): the
 * capacity facts are shared by every request until the next write (SnapshotCache), and so is the text
 * of each query's answer. A schedule of 2,000 engineers x 26 weeks costs the model and JSON.stringify
 * about 100 ms of the server's one thread; the same view asked again between two writes (a manager
 * coming back to it, a colleague opening the same link) costs a lookup. The texts go with their facts.
 */
export class KeptAnswers<Extra> {
  private readonly byFacts = new WeakMap<object, Map<string, { text: string; extra: Extra }>>();

  /** `size` answers per facts at most, the oldest dropped first. */
  constructor(private readonly size: number) {}

  text(facts: object, key: string, answer: () => { text: string; extra: Extra }): { text: string; extra: Extra } {
    let kept = this.byFacts.get(facts);
    if (!kept) this.byFacts.set(facts, (kept = new Map()));
    let found = kept.get(key);
    if (!found) {
      found = answer();
      if (kept.size >= this.size) kept.delete(kept.keys().next().value!);
      kept.set(key, found);
    }
    return found;
  }
}
