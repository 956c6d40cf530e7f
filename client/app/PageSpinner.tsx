import { backgrounds, palette } from '../components/palette.ts';
/** A dependency-free spinner for the moments a screen's chunk is loading (keeps antd out of the entry). */
export function PageSpinner({ fullHeight = true }: { fullHeight?: boolean }) {
  return (
    <div role="status" aria-label="Loading" style={{ display: 'grid', placeItems: 'center', minHeight: fullHeight ? '100vh' : 320 }}>
      <style>{'@keyframes cp-spin{to{transform:rotate(360deg)}}'}</style>
      <span
        style={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          border: `3px solid ${backgrounds.glowBlue}`,
          borderTopColor: palette.primary,
          animation: 'cp-spin 0.8s linear infinite',
        }}
      />
    </div>
  );
}
