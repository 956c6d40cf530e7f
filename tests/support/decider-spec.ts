/**
 * Given / when / then for a decider (a pure `decide` and the `evolve` that folds its stream), in the
 * manner of emmett's DeciderSpecification:
 *
 *   const spec = deciderSpec(decideUpdateProject, evolveProject);
 *   spec([projectCreated()]).when(update({ status: 'active' })).then([statusChanged('planning', 'active')]);
 *
 * `given(events)` folds the events through `evolve` (stream positions 1, 2, ...), `when(command)` runs
 * `decide` on that state, `then(events)` / `thenNothing()` / `thenThrows(kind, message, path?)` check the result.
 */
import { expect } from 'vitest';
import { DomainError } from '../../domain/errors.ts';

export function deciderSpec<S, E, C>(
  decide: (state: S | null, command: C) => E[],
  evolve: (state: S | null, event: E, version: number) => S | null,
) {
  return (given: readonly E[]) => ({
    when: (command: C) => {
      const state = given.reduce<S | null>((s, e, i) => evolve(s, e, i + 1), null);
      const run = () => decide(state, command);
      return {
        then: (expected: readonly E[]) => expect(run()).toEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenThrows: (kind: DomainError['kind'], message: string, path?: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'decide should have thrown').toBeInstanceOf(DomainError);
          const error = thrown as DomainError;
          expect({ kind: error.kind, message: error.message }).toEqual({ kind, message });
          if (path !== undefined) expect(error.path).toBe(path);
        },
      };
    },
  });
}
