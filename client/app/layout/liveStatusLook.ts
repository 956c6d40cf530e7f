import { palette } from '../../components/palette.ts';

export type Look = { label: string; color: string; tooltip: string };

/**
 * The header's chip while the app shows a scenario: its figures are the live plan with drafts folded
 * on it, so "Live" beside them said the opposite of what was on screen. The connection underneath is
 * still live (the scenario folds each live change in), as the tooltip says.
 */
export function scenarioLook(name: string, editable: boolean): Look {
  return {
    label: 'Scenario',
    color: palette.info,
    tooltip: `Showing the scenario “${name}”: its drafted changes are not live.${editable ? ' Your changes are drafted into it.' : ''} Live changes underneath still fold in.`,
  };
}
