import { Modal as AntModal, type ModalProps } from 'antd';
import { OnceOpened } from './OnceOpened.tsx';

/** antd's Modal, drawn from the first time it opens (OnceOpened says why). Every dialog of the app is one. */
export function Modal(props: ModalProps) {
  return (
    <OnceOpened open={Boolean(props.open)}>
      <AntModal {...props} />
    </OnceOpened>
  );
}
