import type { ThemeConfig } from 'antd';
import { palette } from '../components/palette.ts';

export { palette };

export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorSuccess: palette.success,
    colorWarning: palette.warning,
    colorError: palette.danger,
    colorInfo: palette.info,
    colorTextBase: palette.text,
    colorBgLayout: palette.canvas,
    colorBorderSecondary: '#edf0f3',
    borderRadius: 8,
    borderRadiusLG: 12,
    fontFamily:
      "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 14,
    controlHeight: 36,
    wireframe: false,
  },
  components: {
    Layout: { siderBg: palette.surface, lightSiderBg: palette.surface, headerBg: palette.surface, headerHeight: 56, headerPadding: '0 16px', bodyBg: palette.canvas },
    Menu: {
      itemBg: 'transparent',
      itemBorderRadius: 8,
      itemHeight: 38,
      itemMarginInline: 4,
      collapsedWidth: 48,
      iconSize: 16,
      collapsedIconSize: 16,
      itemSelectedBg: '#eff6ff',
      itemSelectedColor: '#1d4ed8',
      activeBarBorderWidth: 0,
    },
    Card: { headerFontSize: 16 },
    Table: { headerBg: '#f8fafc', headerColor: '#475569', rowHoverBg: '#f8fafc', cellPaddingBlock: 12, cellPaddingInline: 12 },
    Tag: { defaultBg: '#f1f5f9' },
  },
};
