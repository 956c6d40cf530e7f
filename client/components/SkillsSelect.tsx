import { Select } from 'antd';

type Props = {
  value: readonly string[];
  /** Skills to suggest (known elsewhere in the plan); any other can be typed. */
  options: readonly string[];
  onChange: (skills: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  status?: 'error';
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
};

/** A list of skills: pick known ones or type new ones (Enter or comma adds). */
export function SkillsSelect({ value, options, onChange, placeholder = 'Add skills', disabled, status, id, ...rest }: Props) {
  return (
    <Select
      id={id}
      mode="tags"
      style={{ width: '100%' }}
      value={[...value]}
      options={options.map((skill) => ({ value: skill, label: skill }))}
      onChange={(skills: string[]) => onChange(skills)}
      tokenSeparators={[',']}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      maxTagTextLength={24}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}
