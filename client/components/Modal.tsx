import { Modal as AntModal, type ModalProps } from 'antd';
import { OnceOpened } from './OnceOpened.tsx';

/**
 * antd's Modal, drawn from the first time it opens (OnceOpened says why). Every dialog of the app is one.
 * It fades in instead of antd's zoom: a select clicked while the dialog was still zooming lined its
 * options list up with its own scaled-down box, and the list came out 118 px wide and far to the right
 * of a 592 px field, and stayed that narrow (5 of 6 clicks in Chromium; the 6th opened nothing).
 */
export function Modal(props: ModalProps) {
  return (
    <OnceOpened open={Boolean(props.open)}>
      <AntModal transitionName="ant-fade" {...props} />
    </OnceOpened>
  );
}
