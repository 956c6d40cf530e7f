import { skillName } from '../../domain/inputs.ts';

/** The skill lists of the forms: what a typed skill is, and a skill ticked, unticked or added. */

export type TypedSkill = { ok: true; skill: string } | { ok: false; message: string };

/**
 * The skill `text` names, by the domain's rule (trimmed, at most SKILL_MAX_LENGTH characters). One
 * already known under another case ('react' beside 'React') is that one, so a skill is never listed twice.
 */
export function typedSkill(text: string, known: readonly string[]): TypedSkill {
  const result = skillName().safeParse(text);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? '' };
  const lower = result.data.toLowerCase();
  return { ok: true, skill: known.find((skill) => skill.toLowerCase() === lower) ?? result.data };
}

/** `skills` with `skill` ticked, or without it when it was. */
export const toggledSkill = (skills: readonly string[], skill: string): string[] =>
  skills.includes(skill) ? skills.filter((s) => s !== skill) : [...skills, skill];

/** `skills` with `skill` selected: added again, it stays selected (a typed skill never unticks one). */
export const withSkill = (skills: readonly string[], skill: string): string[] => (skills.includes(skill) ? [...skills] : [...skills, skill]);
