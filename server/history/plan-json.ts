import type { AssignmentRecord, Engineer, PlanFold, PlanRecords, Project } from '../../domain/index.ts';
import { pastPlanWithRuleDays } from './plan-at.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const [open, close, comma, openList, closeList] = ['{', '}', ',', '[', ']'].map(bytes) as [Buffer, Buffer, Buffer, Buffer, Buffer];

/**
 * A folded plan as JSON, byte for byte what JSON.stringify writes, from text kept per value. The fold
 * never changes a value (a change makes a new one), so a value's text stays right as long as the value
 * lives; a plan folded from a restored snapshot shares nearly all its values with the snapshot's, and
 * writing megabytes of JSON again was a third of an answer. A populated assignment is also written from
 * its engineer and project, so its text is kept with the two it was written from.
 */
export class PlanJson {
  private readonly values = new WeakMap<object, Buffer>();
  private readonly assignments = new WeakMap<AssignmentRecord, { engineer?: Engineer; project?: Project; json: Buffer }>();

  /**
   * `{`, then `members` (JSON members, each followed by a comma), then the plan's lists as members, then
   * `}`; the holidays with the calendars' rule days, as planAt's plan has them.
   */
  object(members: string, fold: PlanFold): Buffer {
    const parts = [open, bytes(members)];
    const records = pastPlanWithRuleDays(fold.records());
    let first = true;
    for (const [name, list] of Object.entries(records) as Array<[keyof PlanRecords, object[]]>) {
      if (!first) parts.push(comma);
      first = false;
      parts.push(bytes(`${JSON.stringify(name)}:`), openList);
      list.forEach((value, i) => {
        if (i > 0) parts.push(comma);
        parts.push(name === 'assignments' ? this.assignment(fold, records, value as AssignmentRecord) : this.value(value));
      });
      parts.push(closeList);
    }
    parts.push(close);
    return join(parts);
  }

  private value(value: object): Buffer {
    let json = this.values.get(value);
    if (!json) this.values.set(value, (json = bytes(JSON.stringify(value))));
    return json;
  }

  private assignment(fold: PlanFold, records: PlanRecords, record: AssignmentRecord): Buffer {
    const engineer = fold.engineers.get(record.engineerId);
    const project = fold.projects.get(record.projectId);
    const kept = this.assignments.get(record);
    if (kept && kept.engineer === engineer && kept.project === project) return kept.json;
    const json = bytes(JSON.stringify(fold.populated(record, records)));
    this.assignments.set(record, { engineer, project, json });
    return json;
  }
}

/** Buffer.concat, without its per-part checks: a plan is tens of thousands of small parts. */
function join(parts: Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of parts) offset += part.copy(joined, offset);
  return joined;
}
