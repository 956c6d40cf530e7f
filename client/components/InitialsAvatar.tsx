import type { HTMLAttributes, Ref } from 'react';
import { textColors } from './palette.ts';

type Props = HTMLAttributes<HTMLSpanElement> & {
  /** One or two letters. */
  text: string;
  size: number;
  background: string;
  fontSize: number;
  ref?: Ref<HTMLSpanElement>;
};

/**
 * Initials on a coloured circle, drawn as antd's Avatar draws them. antd's Avatar measures its text
 * after every mount to shrink what does not fit, which makes the browser lay out the whole page
 * inside React's work (a table of 20 avatars and the sidebar's: a long task on a large screen);
 * two letters at this font size always fit, so there is nothing to measure. Extra props (a
 * Tooltip's handlers and ref) reach the circle.
 */
export function InitialsAvatar({ text, size, background, fontSize, style, ref, ...rest }: Props) {
  return (
    <span
      ref={ref}
      data-role="initials"
      {...rest}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        boxSizing: 'border-box',
        width: size,
        height: size,
        flex: 'none',
        overflow: 'hidden',
        border: '1px solid transparent',
        borderRadius: '50%',
        background,
        color: textColors.onFill,
        fontSize,
        fontWeight: 600,
        lineHeight: 1,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        userSelect: 'none',
        ...style,
      }}
    >
      {text}
    </span>
  );
}
