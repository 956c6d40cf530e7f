import type { ThemeConfig } from 'antd';
import { backgrounds, borderColors, palette, textColors } from '../components/palette.ts';

export { palette };

export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorSuccess: palette.success,
    colorWarning: palette.warning,
    colorError: palette.danger,
    colorInfo: palette.info,
    colorTextBase: palette.text,
    // antd draws secondary text in the base colour at 65 %, 45 % and 25 % opacity (#93979f on white is
    // 2.9:1): solid colours that meet WCAG AA instead, for secondary text, descriptions and placeholders.
    colorTextSecondary: palette.muted,
    colorTextTertiary: palette.muted,
    colorTextDescription: palette.muted,
    colorTextPlaceholder: palette.placeholder,
    colorBgLayout: palette.canvas,
    colorBorderSecondary: borderColors.subtle,
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
      itemSelectedBg: backgrounds.selected,
      itemSelectedColor: textColors.accentDark,
      activeBarBorderWidth: 0,
    },
    Card: { headerFontSize: 16 },
    Table: { headerBg: backgrounds.subtle, headerColor: textColors.label, rowHoverBg: backgrounds.subtle, cellPaddingBlock: 12, cellPaddingInline: 12 },
    Tag: { defaultBg: backgrounds.tint },
  },
};
