/**
 * The app's one palette: every colour the client draws, by what it means. The antd theme
 * (app/theme.ts) reads its tokens from here, and the stylesheets read the same colours as CSS
 * variables (`cssColors` below, set on the document by app/paletteVariables.ts), so no colour is
 * typed out twice.
 *
 * A calm, professional palette: one blue accent, neutral surfaces, soft borders.
 *
 * Every colour that text is written in meets WCAG 2.1 AA (4.5:1) on the app's surfaces: white, the
 * canvas, the tables' header grey and the light blue and grey tints behind selected and today's cells
 * (#eff6ff, #f1f5f9). The status colours are the darker shades of their hue for that reason (green
 * 4.6:1, amber 4.6:1, red 6:1 on #f1f5f9); they also fill bars and badges, where darker reads as well.
 * The values were tuned for contrast: change one only with the accessibility check run again.
 */
export const palette = {
  primary: '#2563eb',
  success: '#15803d',
  warning: '#b45309',
  danger: '#b91c1c',
  info: '#2563eb',
  /** Secondary text: hints, captions, column headers' notes (5.8:1 on the tints above). */
  muted: '#556070',
  /** What a field shows before anything is typed or chosen (4.8:1 on a field's white). */
  placeholder: '#64748b',
  border: '#e5e7eb',
  surface: '#ffffff',
  canvas: '#f6f7f9',
  text: '#0f172a',
  /** The brighter shades of the status hues: icons, chart fills and the numbers beside them. */
  alert: '#dc2626',
  caution: '#d97706',
  done: '#16a34a',
  /** Open roles and placeholders for people not yet named. */
  violet: '#7c3aed',
} as const;

/** Text beyond the palette's body and muted text. */
export const textColors = {
  /** Table headers, dates in lists, legends: darker than muted. */
  label: '#475569',
  /** The accent's darker shade, for text: a selected menu item, underused figures. */
  accentDark: '#1d4ed8',
  /** Ordinary text drawn outside antd (a drag's preview). */
  body: '#334155',
  /** Neutral icons and figures that say "no change". */
  quiet: palette.placeholder,
  /** Decorative icons beside a field or between two values (not read as text). */
  faint: '#94a3b8',
  /** Text and marks on a filled colour. */
  onFill: palette.surface,
  /** A form's error message outside antd's form items. */
  error: '#cf1322',
  /** An event that undid another, in a history. */
  undone: '#7c2d12',
  /** A project plan's figures and sums. */
  plan: '#1e3a8a',
  /** Pipeline (tentative) work the project plan leaves out. */
  tentative: '#6d28d9',
  /** Placeholder rows' names and notes in the schedule. */
  placeholderRow: '#92400e',
  /** Text on a placeholder's amber bar. */
  placeholderBar: '#78350f',
  /** A large grey icon standing in for an empty chart. */
  emptyIcon: '#cbd5e1',
  /** Roles still to fill, in the schedule. */
  pendingRole: '#5b21b6',
} as const;

export const borderColors = {
  /** Cards, panels and the grid's lines. */
  standard: palette.border,
  /** Row dividers inside a card or a grid. */
  faint: '#f1f5f9',
  /** antd's secondary border (cards, the sign-in frame). */
  subtle: '#edf0f3',
  /** Chips and timeline headers. */
  control: '#e2e8f0',
  /** A header's bottom line and a hovered chip. */
  strong: '#cbd5e1',
  /** A grid's week lines. */
  gridLine: '#eef2f7',
  /** A virtual table's row lines (antd's own table line). */
  table: '#f0f0f0',
  /** An empty drop area's dashed outline. */
  dashed: '#d9dee5',
  /** A field that failed validation (antd's error colour). */
  invalid: '#ff4d4f',
  /** The lighter ring of a focused drop target. */
  focusSoft: '#93c5fd',
  /** Amber borders: a warning notice, the time-travel banner, the bulk bar. */
  warning: '#fde68a',
  /** Under the schedule's roles still to fill. */
  pendingRole: '#ddd6fe',
  /** The border under a scenario's banner. */
  scenario: '#bae0ff',
} as const;

export const backgrounds = {
  /** Table headers, captions, boxed details. */
  subtle: '#f8fafc',
  /** Tints behind tags, empty states and weekend cells. */
  tint: '#f1f5f9',
  /** A selected item or today's column. */
  selected: '#eff6ff',
  /** A hovered grid row. */
  hover: '#fafcff',
  /** antd's table header grey, for tables drawn outside antd. */
  tableHeader: '#fafafa',
  /** A schedule row's opened details. */
  details: '#fbfdff',
  /** An empty list of suggestions. */
  empty: '#fafbfc',
  /** The bar of bulk actions under the schedule. */
  actionBar: '#fefce8',
  /** The amber tint: a project short of people, the schedule's placeholder rows, a warning notice. */
  warning: '#fffbeb',
  /** Open roles' rows under a project. */
  openRoles: '#fffdf5',
  /** The sign-in page's two soft glows. */
  glowBlue: '#dbeafe',
  glowViolet: '#ede9fe',
} as const;

/** Notices: a soft tint, its border and text in the hue's dark shade. */
export const notices = {
  success: { bg: '#f0fdf4', fg: palette.success, border: '#bbf7d0' },
  warning: { bg: backgrounds.warning, fg: palette.warning, border: borderColors.warning },
  danger: { bg: '#fef2f2', fg: palette.alert, border: '#fee2e2' },
} as const;

/** Summary cards' icon tiles: a tint and the icon's colour. */
export const accents = {
  blue: { bg: backgrounds.selected, fg: palette.primary },
  green: { bg: notices.success.bg, fg: palette.done },
  amber: { bg: backgrounds.warning, fg: palette.caution },
  red: { bg: notices.danger.bg, fg: palette.alert },
  violet: { bg: '#f5f3ff', fg: palette.violet },
  slate: { bg: backgrounds.tint, fg: textColors.label },
  cyan: { bg: '#ecfeff', fg: '#0891b2' },
} as const;

/** Load states of the schedule's cells: strong fills with dark text. */
export const loadCellTones = {
  overloaded: { background: '#fca5a5', color: '#7f1d1d' },
  optimal: { background: '#bbf7d0', color: '#14532d' },
  underutilized: { background: backgrounds.glowBlue, color: textColors.plan },
  empty: { background: backgrounds.subtle, color: palette.muted },
  off: { background: '#d1d5db', color: '#374151' },
  weekend: { background: backgrounds.tint, color: palette.muted },
  unfilled: { background: palette.surface, color: palette.muted },
} as const;

/** Load states of a week's badge: a soft tint, a border and the hue's dark text. */
export const loadBadgeTones = {
  overloaded: { background: notices.danger.border, color: palette.danger, border: loadCellTones.overloaded.background },
  optimal: { background: '#dcfce7', color: palette.success, border: '#86efac' },
  underutilized: { background: backgrounds.glowBlue, color: textColors.accentDark, border: borderColors.focusSoft },
  off: { background: backgrounds.tint, color: palette.muted, border: borderColors.control },
} as const;

/** Placeholders (people not yet named) and open roles, drawn in amber and violet. */
export const planningMarks = {
  placeholderBar: { background: borderColors.warning, color: textColors.placeholderBar, border: palette.caution },
  openRole: { background: accents.violet.bg, color: textColors.tentative, border: '#a78bfa', label: palette.violet },
  /** A tentative project's dashed outline on the timeline. */
  tentativeOutline: '#fbbf24',
  /** Today's line on the projects' timeline. */
  today: '#f97316',
  /** Days away: the grid's grey band and a holiday's dot. */
  away: '#6b7280',
  /** Today's line on the schedule's lanes. */
  todayLane: loadCellTones.overloaded.background,
} as const;

/** Charts and bars: series colours, by what the series is. */
export const chartColors = {
  booked: palette.primary,
  tentative: '#8b5cf6',
  /** Tentative work beside booked work in a stacked chart (lighter than `tentative`). */
  tentativeSoft: planningMarks.openRole.border,
  /** Demand not yet staffed or confirmed: open roles' demand, the forecast's tentative work and line. */
  pending: '#f59e0b',
  placeholders: '#a855f7',
  capacityLine: palette.text,
  bench: borderColors.strong,
  over: palette.alert,
  noCapacity: textColors.faint,
  /** The live plan beside a scenario. */
  live: textColors.faint,
  /** Hours recorded (actuals). */
  recorded: '#0f766e',
  /** The report's utilisation charts, in the brighter shades a large chart reads best in. */
  utilisation: { overloaded: '#ef4444', underutilized: '#3b82f6', optimal: '#22c55e', capacity: '#9ca3af' },
  projectStatus: { active: '#22c55e', planning: '#eab308', completed: '#3b82f6' },
} as const;

/** A change's direction in a comparison: more load reads as a warning, less as the accent. */
export const deltaColors = { up: palette.warning, down: palette.primary, same: textColors.quiet } as const;

/** How well an engineer fits a request: fits, fits except some days, no room. */
export const fitColors = { fits: palette.success, tight: palette.warning, none: palette.alert } as const;

/** Avatars without a photo. Initials are white on these: each at least 4.5:1 against white (WCAG AA). */
export const avatarSwatches = [palette.primary, palette.violet, '#0e7490', '#047857', palette.warning, '#db2777', '#4f46e5', chartColors.recorded] as const;

/**
 * The text shades antd's tags are drawn in, darker than antd's defaults to meet WCAG AA on the tags'
 * own tints (global.css sets them on the tags).
 */
export const tagText = {
  green: '#237804',
  gold: '#874d00',
  orange: '#ad4e00',
  cyan: '#006d75',
  lime: '#3f6600',
  volcano: '#ad2102',
} as const;

/**
 * The colours the stylesheets use, as CSS variables (`var(--border-faint)`): app/paletteVariables.ts
 * sets them on the document's root before the first render.
 */
export const cssColors: Record<string, string> = {
  '--canvas': palette.canvas,
  '--surface': palette.surface,
  '--primary': palette.primary,
  '--danger': palette.danger,
  '--alert': palette.alert,
  '--text': palette.text,
  '--text-label': textColors.label,
  '--text-quiet': textColors.quiet,
  '--text-faint': textColors.faint,
  '--text-on-fill': textColors.onFill,
  '--text-plan': textColors.plan,
  '--text-tentative': textColors.tentative,
  '--text-warning': palette.warning,
  '--border': borderColors.standard,
  '--border-faint': borderColors.faint,
  '--border-control': borderColors.control,
  '--border-strong': borderColors.strong,
  '--border-grid-line': borderColors.gridLine,
  '--border-focus-soft': borderColors.focusSoft,
  '--border-warning': borderColors.warning,
  '--bg-subtle': backgrounds.subtle,
  '--bg-tint': backgrounds.tint,
  '--bg-selected': backgrounds.selected,
  '--bg-hover': backgrounds.hover,
  '--bg-action-bar': backgrounds.actionBar,
  '--bg-warning': backgrounds.warning,
  '--bg-open-roles': backgrounds.openRoles,
  '--away': planningMarks.away,
  '--off-hatch-dark': loadCellTones.off.background,
  '--off-text': loadCellTones.off.color,
  '--tentative': chartColors.tentative,
  ...Object.fromEntries(Object.entries(tagText).map(([hue, color]) => [`--tag-${hue}-text`, color])),
};
