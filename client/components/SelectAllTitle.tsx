import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A table selection column's title (antd's select-all checkbox), made inert where antd copies it into
 * the hidden row it measures column widths with: that row is aria-hidden, and a checkbox a keyboard can
 * still reach inside it is focus in a part screen readers are told to skip. The header's own copy stays
 * as it is. Use as `rowSelection.columnTitle: selectAllTitle`.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (node?.closest('.ant-table-measure-row')) node.inert = true;
  }, []);
  return <span ref={ref}>{children}</span>;
}

export const selectAllTitle = (checkbox: ReactNode) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow>;
