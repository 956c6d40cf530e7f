/** A calm, professional palette: one blue accent, neutral surfaces, soft borders. */
export const palette = {
  primary: '#2563eb',
  success: '#16a34a',
  warning: '#d97706',
  danger: '#dc2626',
  info: '#2563eb',
  muted: '#64748b',
  border: '#e5e7eb',
  surface: '#ffffff',
  canvas: '#f6f7f9',
  text: '#0f172a',
} as const;
