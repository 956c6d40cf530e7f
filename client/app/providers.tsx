import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/** Tooltips open after 700 ms by default, on every screen. */
export const TOOLTIP_DELAY_SECONDS = 0.7;

/**
 * antd's component styles come from its prebuilt stylesheet (antd/dist/antd.css, loaded by main.tsx)
 * instead of being generated in the page as each kind of component first renders: on the schedule of
 * 2,000 engineers that generation was a fifth of the main thread's work before the grid showed. The
 * theme's tokens still reach the components, as CSS variables.
 */
const zeroRuntimeTheme = { ...theme, zeroRuntime: true };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={zeroRuntimeTheme} locale={enUS} tooltip={{ mouseEnterDelay: TOOLTIP_DELAY_SECONDS }}>
      {children}
    </ConfigProvider>
  );
}
