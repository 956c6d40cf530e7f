import { LiveStatus } from './LiveStatus.tsx';

/** The header's slot for the live-connection status (connecting / live / catching up / offline). */
export function HeaderStatusSlot() {
  return (
    <div data-slot="live-status" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <LiveStatus />
    </div>
  );
}
