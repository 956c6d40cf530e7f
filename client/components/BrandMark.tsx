import { palette, textColors } from './palette.ts';

/** The product's mark: three rising bars on the accent colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" style={{ flex: 'none' }}>
      <rect width="32" height="32" rx="8" fill={palette.primary} />
      <path d="M8 22h4v-8H8zm6 0h4V10h-4zm6 0h4v-5h-4z" fill={textColors.onFill} />
    </svg>
  );
}
