import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/** Tooltips open after 700 ms by default, on every screen. */
export const TOOLTIP_DELAY_SECONDS = 0.7;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enUS} tooltip={{ mouseEnterDelay: TOOLTIP_DELAY_SECONDS }}>
      {children}
    </ConfigProvider>
  );
}
